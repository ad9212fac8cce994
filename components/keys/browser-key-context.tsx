"use client";

// The browser key of the signed-in person: sealed keys from IndexedDB (through the query cache) and,
// after an unlock, the clear private key in a ref of this provider only. Components receive `sign`,
// never the key itself, so the key cannot end up in props, state snapshots or a request body.
import { useQueryClient, useQuery } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

import { deleteSealedKey, listSealedKeys, saveSealedKey } from "@/lib/client/keys/key-store";
import type { SealedKey } from "@/lib/client/keys/sealed-key-record";

export const SEALED_KEYS_QUERY_KEY = ["browser", "sealed-keys"] as const;

type BrowserKeyContextValue = {
  /** Sealed keys in this browser; undefined while IndexedDB is read. */
  keys: SealedKey[] | undefined;
  keysError: Error | null;
  /** The finId of the unlocked key, or null when every key is locked. */
  unlockedFinId: string | null;
  createKey: (passphrase: string) => Promise<SealedKey>;
  unlock: (finId: string, passphrase: string) => Promise<void>;
  lock: () => void;
  removeKey: (finId: string) => Promise<void>;
  /** Reads a key backup file into this browser, sealed; its errors say what is wrong with the file. */
  importBackup: (file: File) => Promise<SealedKey>;
  /** Signs a 32-byte hash with the unlocked key; throws when none is unlocked. */
  sign: (hashHex: string) => string;
};

const BrowserKeyContext = createContext<BrowserKeyContextValue | null>(null);

/** Sealing and unsealing load, like the curve, with the first key created or unlocked. */
const loadSealing = () => import("@/lib/client/keys/sealed-key");

export function BrowserKeyProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const keysQuery = useQuery({ queryKey: SEALED_KEYS_QUERY_KEY, queryFn: listSealedKeys, staleTime: Infinity });
  const privateKeyRef = useRef<string | null>(null);
  const [unlockedFinId, setUnlockedFinId] = useState<string | null>(null);

  const refreshKeys = useCallback(() => queryClient.invalidateQueries({ queryKey: SEALED_KEYS_QUERY_KEY }), [queryClient]);

  // The curve loads with the first key created or unlocked (not with every page): sign() needs an
  // unlocked key, so it is there by then.
  const curveRef = useRef<typeof import("@/lib/domain/secp256k1") | null>(null);
  const loadCurve = useCallback(async () => (curveRef.current ??= await import("@/lib/domain/secp256k1")), []);

  const remember = useCallback((privateKey: string, finId: string) => {
    privateKeyRef.current = privateKey;
    setUnlockedFinId(finId);
  }, []);

  const createKey = useCallback(
    async (passphrase: string) => {
      const privateKey = (await loadCurve()).generatePrivateKey();
      const sealed = await (await loadSealing()).sealPrivateKey(privateKey, passphrase);
      await saveSealedKey(sealed);
      remember(privateKey, sealed.finId);
      await refreshKeys();
      return sealed;
    },
    [loadCurve, refreshKeys, remember],
  );

  const unlock = useCallback(
    async (finId: string, passphrase: string) => {
      const sealed = keysQuery.data?.find((k) => k.finId === finId);
      if (!sealed) throw new Error("This key is no longer in this browser.");
      const privateKey = await (await loadSealing()).unsealPrivateKey(sealed, passphrase);
      await loadCurve();
      remember(privateKey, finId);
    },
    [keysQuery.data, loadCurve, remember],
  );

  const lock = useCallback(() => {
    privateKeyRef.current = null;
    setUnlockedFinId(null);
  }, []);

  const removeKey = useCallback(
    async (finId: string) => {
      if (finId === unlockedFinId) lock();
      await deleteSealedKey(finId);
      await refreshKeys();
    },
    [lock, refreshKeys, unlockedFinId],
  );

  const importBackup = useCallback(
    async (file: File) => {
      // The backup format loads when a backup is imported, not with every page.
      const { parseKeyBackup } = await import("@/lib/client/keys/key-backup");
      const sealed = parseKeyBackup(await file.text());
      await saveSealedKey(sealed);
      await refreshKeys();
      return sealed;
    },
    [refreshKeys],
  );

  const sign = useCallback((hashHex: string) => {
    const privateKey = privateKeyRef.current;
    const curve = curveRef.current;
    if (privateKey === null || curve === null) throw new Error("Unlock your key first.");
    return curve.signHash(hashHex, privateKey);
  }, []);

  const value = useMemo<BrowserKeyContextValue>(
    () => ({
      keys: keysQuery.data,
      keysError: keysQuery.error,
      unlockedFinId,
      createKey,
      unlock,
      lock,
      removeKey,
      importBackup,
      sign,
    }),
    [keysQuery.data, keysQuery.error, unlockedFinId, createKey, unlock, lock, removeKey, importBackup, sign],
  );
  return <BrowserKeyContext.Provider value={value}>{children}</BrowserKeyContext.Provider>;
}

export function useBrowserKey(): BrowserKeyContextValue {
  const value = useContext(BrowserKeyContext);
  if (!value) throw new Error("useBrowserKey needs a BrowserKeyProvider above it");
  return value;
}

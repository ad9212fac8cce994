// Sealed keys in the browser's IndexedDB, one record per finId. Only sealed records are stored: the
// clear private key is never written anywhere (not here, not in localStorage).
import { sealedKeySchema, type SealedKey } from "@/lib/client/keys/sealed-key-record";

const DB_NAME = "tokenized-assets-network";
const DB_VERSION = 1;
const STORE = "sealed-keys";
/** A person keeps a handful of keys; more than this in one browser is a mistake or an attack. */
export const KEY_STORE_MAX_KEYS = 50;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: "finId" });
  };
  return request(open);
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await request(work(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

/** Every sealed key of this browser, oldest first; records that do not validate are left out. */
export async function listSealedKeys(): Promise<SealedKey[]> {
  const rows = await withStore("readonly", (store) => store.getAll(undefined, KEY_STORE_MAX_KEYS));
  return rows
    .map((row: unknown) => sealedKeySchema.safeParse(row))
    .flatMap((r) => (r.success ? [r.data] : []))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** Stores (or replaces) the sealed key of its finId. */
export async function saveSealedKey(sealed: SealedKey): Promise<void> {
  const record = sealedKeySchema.parse(sealed);
  const count = await withStore("readonly", (store) => store.count());
  if (count >= KEY_STORE_MAX_KEYS) throw new Error(`This browser already keeps ${KEY_STORE_MAX_KEYS} keys. Remove one first.`);
  await withStore("readwrite", (store) => store.put(record));
}

export async function deleteSealedKey(finId: string): Promise<void> {
  await withStore("readwrite", (store) => store.delete(finId));
}

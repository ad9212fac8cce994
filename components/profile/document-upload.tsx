"use client";

// Adding a document to one certificate. The file input is the control (keyboard and screen readers
// use it as any other); the area around it also takes a dropped file. A file is checked against the
// server's own limits before anything is sent, then uploaded with its progress shown, and may be
// cancelled while it travels. The server's refusal is shown beside the input in words, its problem
// document in the details for support.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type DragEvent } from "react";

import { SupportDetails } from "@/components/ui/problem-message";
import { StatusMessage } from "@/components/ui/status-message";
import { labelClass, mutedTextClass, secondaryButtonClass } from "@/components/ui/styles";
import { ApiError } from "@/lib/client/api-client";
import { fileProblem, formatBytes, progressPercent, uploadDocument, type UploadProgress } from "@/lib/client/document-upload";
import { refusalReason, supportLinesOf } from "@/lib/client/problem-words";
import { queryKeys, useDocumentLimits } from "@/lib/client/queries";

type Target = { profileId: string; certificateId: string; certificateType: string };

const isCancel = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** The words of a refusal for the file field: what the server says of the file, else why it refused. */
function refusalOf(error: unknown): string {
  const about = error instanceof ApiError ? error.fieldErrors.filter((e) => e.path.replace(/^body\./, "") === "file").map((e) => e.message) : [];
  return about.length > 0 ? `the file ${about.join("; ")}.` : refusalReason(error);
}

export function DocumentUpload({ profileId, certificateId, certificateType }: Target) {
  const id = useId();
  const queryClient = useQueryClient();
  const limits = useDocumentLimits();
  const inputRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const upload = useMutation({
    mutationFn: (file: File) => {
      abort.current = new AbortController();
      setProgress({ loaded: 0, total: file.size });
      const url = `/api/router/finapi/profiles/${encodeURIComponent(profileId)}/certificates/${encodeURIComponent(certificateId)}`;
      return uploadDocument(url, file, setProgress, abort.current.signal);
    },
    // Also after a cancel: a file whose bytes had all arrived may have been stored; the list says.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.certificates(profileId) });
      abort.current = null;
      if (inputRef.current) inputRef.current.value = "";
    },
  });

  function take(files: FileList | null) {
    if (upload.isPending || !limits.data) return;
    const [file, ...more] = Array.from(files ?? []);
    if (!file) return;
    const problem = more.length > 0 ? "Add one file at a time." : fileProblem(file, limits.data);
    setRefused(problem);
    if (problem) {
      upload.reset();
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    upload.mutate(file);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.dataTransfer.dropEffect = upload.isPending ? "none" : "copy";
    setDragging(true);
  }

  const inputId = `${id}-file`;
  const serverRefused = refused === null && upload.isError && !isCancel(upload.error);
  const error = refused ?? (serverRefused ? refusalOf(upload.error) : null);
  const name = upload.variables?.name ?? "";
  const percent = progress ? progressPercent(progress.loaded, progress.total) : 0;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="document-drop-zone"
      className={`mt-2 rounded border-2 border-dashed p-3 ${dragging ? "border-blue-600 bg-blue-50 dark:bg-blue-950" : "border-line-strong"}`}
    >
      <label htmlFor={inputId} className={labelClass}>Add a document to the {certificateType} certificate</label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={limits.data?.mimeTypes.join(",")}
        disabled={!limits.data || upload.isPending}
        onChange={(e) => take(e.currentTarget.files)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 dark:file:bg-slate-900 dark:file:text-slate-100"
      />
      <p id={`${id}-hint`} className={`${mutedTextClass} mt-1`}>
        {limits.data
          ? `Choose a file, or drop one here. ${limits.data.mimeTypes.join(", ")}; at most ${formatBytes(limits.data.maxBytes)}.`
          : limits.isError
            ? "The upload limits could not be loaded, so nothing can be uploaded now."
            : "Loading the upload limits…"}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          Not uploaded: {error}
        </p>
      ) : null}
      {serverRefused ? <SupportDetails lines={supportLinesOf(upload.error)} /> : null}
      {upload.isPending ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label htmlFor={`${id}-progress`} className="text-sm">
            Uploading {name}: {percent}%{percent === 100 ? ", the server is checking it" : ""}
          </label>
          <progress id={`${id}-progress`} max={100} value={percent} className="h-2 w-48" />
          <button type="button" className={secondaryButtonClass} onClick={() => abort.current?.abort()}>
            Cancel upload
          </button>
        </div>
      ) : null}
      {upload.isSuccess ? (
        <StatusMessage tone="success">
          Uploaded {upload.data.name}: 100%, {formatBytes(upload.data.size)}, SHA-256 {upload.data.sha256}.
        </StatusMessage>
      ) : null}
      {upload.isError && isCancel(upload.error) ? <StatusMessage tone="info">Upload of {name} cancelled.</StatusMessage> : null}
    </div>
  );
}

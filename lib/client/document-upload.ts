// Uploading a document to a certificate from the browser (README "Profiles, certificates and
// documents"). A file is checked here first against the limits the server reports
// (GET /api/router/documents/limits: UPLOAD_LIMIT_BYTES and the accepted types), so a file it would
// refuse for its size or type is never sent. The upload goes through XMLHttpRequest, since fetch
// reports no upload progress; a refusal becomes the same ApiError as every other call.
import { apiErrorOf, API_TIMEOUT_MS, ApiError } from "@/lib/client/api-client";
import { acceptedDocumentType } from "@/lib/domain/documents";
import { uploadedDocumentSchema, type DocumentLimits, type UploadedDocument } from "@/lib/schemas/certificate";

/** An upload may take longer than an ordinary call: this much per MiB on top of the usual timeout. */
const UPLOAD_TIMEOUT_MS_PER_MIB = 30_000;
const MIB = 1024 * 1024;

export type FileFacts = { name: string; type: string; size: number };

/** Bytes in words a person reads: "812 bytes", "4.2 KiB", "10 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const [value, unit] = bytes < MIB ? [bytes / 1024, "KiB"] : [bytes / MIB, "MiB"];
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

/**
 * Why the server would refuse this file for its size or type (checked in the server's order:
 * empty, too large, type not accepted), or null. Its content is checked by the server alone.
 */
export function fileProblem(file: FileFacts, limits: Pick<DocumentLimits, "maxBytes" | "mimeTypes">): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > limits.maxBytes) {
    const bytes = (n: number) => n.toLocaleString("en-US");
    return `${file.name} is ${bytes(file.size)} bytes; a document may be at most ${bytes(limits.maxBytes)} bytes (${formatBytes(limits.maxBytes)}).`;
  }
  const type = acceptedDocumentType(file.type);
  if (type === null || !limits.mimeTypes.includes(type)) {
    const shown = file.type === "" ? "has a type this browser does not know" : `is of type ${file.type}`;
    return `${file.name} ${shown}; accepted are ${limits.mimeTypes.join(", ")}.`;
  }
  return null;
}

/** Whole percent of the bytes sent, 0 to 100; 0 while the total is not known. */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

export function uploadTimeoutMs(sizeBytes: number): number {
  return API_TIMEOUT_MS + Math.ceil(sizeBytes / MIB) * UPLOAD_TIMEOUT_MS_PER_MIB;
}

export type UploadProgress = { loaded: number; total: number };

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** What a finished request answers: the stored document, or the ApiError of its refusal. */
export function uploadAnswer(status: number, statusText: string, body: string): UploadedDocument {
  const json = jsonOf(body);
  if (status < 200 || status >= 300) throw apiErrorOf(status, statusText, json);
  const parsed = uploadedDocumentSchema.safeParse(json);
  if (!parsed.success) throw new ApiError("The server's answer did not have the expected shape.", status, null);
  return parsed.data;
}

/**
 * POSTs `file` as multipart/form-data (one part named "file") to `url` on this origin, reporting
 * the bytes sent. Aborting `signal` cancels the request and rejects with an AbortError.
 */
export function uploadDocument(url: string, file: File, onProgress: (progress: UploadProgress) => void, signal: AbortSignal): Promise<UploadedDocument> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("The upload was cancelled.", "AbortError"));
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.timeout = uploadTimeoutMs(file.size);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      try {
        resolve(uploadAnswer(xhr.status, xhr.statusText, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new Error("The upload could not reach the server. Check the connection and try again."));
    xhr.ontimeout = () => reject(new DOMException("The server did not answer in time. Try again.", "TimeoutError"));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

// Reads the one file of a multipart/form-data upload: the body is read with a byte cap while it
// streams (a missing or false Content-Length does not get past it), then parsed as a form.
import { AppError } from "@/lib/domain/app-error";
import { isMultipartFormData } from "@/lib/domain/documents";
import { readBodyBytes } from "@/lib/server/http/read-body";
import type { ApiRequest } from "@/lib/server/http/api-request";

export type UploadedFile = {
  /** The form field that carried the file ("file" by convention; any one file field is taken). */
  field: string;
  /** The file name as the client sent it, not yet cleaned. */
  name: string;
  /** The part's own Content-Type, as declared. */
  declaredType: string;
  bytes: Uint8Array;
};

/** Room for the multipart framing around the file: boundaries, part headers, small text fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function tooLarge(fileLimitBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `A document may be at most ${fileLimitBytes} bytes.`);
}

function badForm(message: string, path = "(root)"): AppError {
  return new AppError("VALIDATION_FAILED", `body ${path}: ${message}`, [{ in: "body", path, message }]);
}

export async function readUploadedFile(req: ApiRequest, fileLimitBytes: number): Promise<UploadedFile> {
  const contentType = req.headers.get("content-type");
  if (contentType === null || !isMultipartFormData(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the document as multipart/form-data with one file part named file.");
  }
  const body = await readBodyBytes(req, fileLimitBytes + MULTIPART_OVERHEAD_BYTES, () => tooLarge(fileLimitBytes));
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badForm("must be a well-formed multipart/form-data body with a boundary");
  }
  const files = [...form.entries()].filter((entry): entry is [string, File] => typeof entry[1] !== "string");
  const [first, ...others] = files;
  if (!first) throw badForm("is required: send one file part", "file");
  if (others.length > 0) throw badForm(`must be a single file; ${files.length} file parts were sent`, "file");
  const [field, file] = first;
  if (file.size > fileLimitBytes) throw tooLarge(fileLimitBytes);
  return { field, name: file.name, declaredType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

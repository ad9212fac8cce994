// Reads the one file of a multipart/form-data upload: the body is read with a byte cap while it
// streams (a missing or false Content-Length does not get past it), then parsed as a form.
import { AppError } from "@/lib/domain/app-error";
import { isMultipartFormData } from "@/lib/domain/documents";

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

async function readCapped(req: Request, limitBytes: number, fileLimitBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limitBytes) throw tooLarge(fileLimitBytes);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel();
      throw tooLarge(fileLimitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function badForm(message: string, path = "(root)"): AppError {
  return new AppError("VALIDATION_FAILED", `body ${path}: ${message}`, [{ in: "body", path, message }]);
}

export async function readUploadedFile(req: Request, fileLimitBytes: number): Promise<UploadedFile> {
  const contentType = req.headers.get("content-type");
  if (contentType === null || !isMultipartFormData(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the document as multipart/form-data with one file part named file.");
  }
  const body = await readCapped(req, fileLimitBytes + MULTIPART_OVERHEAD_BYTES, fileLimitBytes);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
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

/** The API's answer to an upload: its status and JSON body (null when it sent none). */
export interface UploadAnswer {
  status: number;
  body: unknown;
}

/** The request never got an answer (connection lost, aborted): the server kept nothing. */
export class UploadInterruptedError extends Error {
  constructor() {
    super('upload interrupted');
    this.name = 'UploadInterruptedError';
  }
}

/**
 * POSTs a multipart form to the same-origin proxy with `XMLHttpRequest`, the one browser API that
 * reports upload progress (fetch has none): `onProgress` gets 0–100 as the bytes leave.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  options: { headers?: Record<string, string>; onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    request.upload.onload = () => options.onProgress(100);
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as unknown) : null;
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new UploadInterruptedError());
    request.onabort = () => reject(new UploadInterruptedError());
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

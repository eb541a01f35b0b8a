/** @jest-environment node */
import { readFile } from 'node:fs/promises';
import { ApiError } from './api-error';
import { readMultipartUpload } from './multipart';

const BOUNDARY = 'unit-boundary';

/** A multipart body: text fields, then parts given with their raw header lines. */
function request(parts: { headers: string[]; content: string }[]): Request {
  const body =
    parts.map((part) => `--${BOUNDARY}\r\n${part.headers.join('\r\n')}\r\n\r\n${part.content}\r\n`).join('') +
    `--${BOUNDARY}--\r\n`;
  return new Request('http://localhost/api/v1/documents/', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
  });
}
const field = (name: string, value: string) => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  content: value,
});
const filePart = (fileName: string, type: string | null, content: string) => ({
  headers: [
    `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
    ...(type === null ? [] : [`Content-Type: ${type}`]),
  ],
  content,
});

const read = (req: Request) => readMultipartUpload(req, { maxFileBytes: 1024 });

async function refusal(req: Request) {
  const error = await read(req).then(
    async (upload) => {
      await upload.discard();
      return null;
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).details?.map(({ path, code }) => ({ path, code }));
}

describe('readMultipartUpload', () => {
  it('stages the file with the type its part declares', async () => {
    const upload = await read(request([field('title', 'A'), filePart('a.png', 'Image/PNG', 'png bytes')]));
    expect(upload.fields).toEqual({ title: 'A' });
    expect(upload.file).toMatchObject({ fileName: 'a.png', declaredType: 'image/png', sizeBytes: 9 });
    expect(await readFile(upload.file!.path, 'utf8')).toBe('png bytes');
    await upload.discard();
  });

  it.each([
    ['without a Content-Type', null],
    ['with text/plain, which is what no Content-Type means (RFC 7578)', 'text/plain; charset=utf-8'],
  ])('a file part %s claims no type', async (_label, type) => {
    const upload = await read(request([filePart('vertrag.pdf', type, '%PDF-1.4')]));
    expect(upload.file).toMatchObject({ fileName: 'vertrag.pdf', declaredType: '' });
    await upload.discard();
  });

  it.each([
    ['as a browser sends it', 'application/octet-stream'],
    ['without a type (busboy hands it over as a text field)', null],
  ])('an empty file input (filename="", no bytes) %s: the file is missing', async (_label, type) => {
    expect(await refusal(request([field('title', 'A'), filePart('', type, '')]))).toEqual([
      { path: 'file', code: 'fileMissing' },
    ]);
  });

  it('a text part named "file" is no file; a repeated field is named as such', async () => {
    expect(await refusal(request([field('file', 'text')]))).toEqual([{ path: 'file', code: 'fileMissing' }]);
    expect(await refusal(request([field('title', 'A'), field('title', 'B')]))).toEqual([
      { path: 'title', code: 'fieldRepeated' },
    ]);
  });

  it('a nameless file with bytes stays a file (its check asks for the name)', async () => {
    const upload = await read(request([filePart('', 'application/octet-stream', 'x')]));
    expect(upload.file).toMatchObject({ fileName: '', sizeBytes: 1 });
    await upload.discard();
  });
});

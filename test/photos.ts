import sharp from 'sharp';

/** A multipart/form-data body as a browser sends it: the text fields and repeated `photos` files. */
export function photosMultipartBody(fields: Record<string, string>, photos: { name: string; content: Buffer }[]) {
  const boundary = `----optistok${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const photo of photos) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${photo.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      photo.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real PNG of one colour (a photo for the image pipeline to re-encode). */
export function testPng(background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();
}

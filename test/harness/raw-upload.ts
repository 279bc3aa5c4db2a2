import http from "node:http";

export type RawAnswer = { status: number; body: string };

/**
 * A photo upload over a real socket, its body written as the test says: for what `inject` cannot
 * do — answer before the body is sent, a client that goes away half-way. `request` is the open
 * request (write body parts, `destroy()` it), `answer` settles when the server answers.
 */
export function rawUpload(
  baseUrl: string,
  username: string,
  { bytes, cookie, type = "image/jpeg" }: { bytes: number; cookie?: string; type?: string },
): { request: http.ClientRequest; answer: Promise<RawAnswer> } {
  const request = http.request(`${baseUrl}/api/users/${username}/photo`, {
    method: "PUT",
    agent: false,
    headers: {
      "content-type": type,
      "content-length": String(bytes),
      ...(cookie ? { cookie } : {}),
    },
  });
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    request.once("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.once("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.once("error", reject);
  });
  request.flushHeaders();
  return { request, answer };
}

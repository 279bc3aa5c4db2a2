/**
 * The baselines of the API ratio (the method of the fastify/benchmarks table): a bare node:http
 * hello-world and a bare Fastify route, both answering {"hello":"world"}.
 *
 *   node bench/hello-server.ts node|fastify <port>
 *
 * Prints "listening" once it accepts connections.
 */
import http from "node:http";
import Fastify from "fastify";

const [kind, portArg] = process.argv.slice(2);
const port = Number(portArg);
const ready = () => console.log("listening");

if (kind === "node") {
  http
    .createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify({ hello: "world" }));
    })
    .listen(port, "127.0.0.1", ready);
} else if (kind === "fastify") {
  const app = Fastify({ logger: false });
  app.get("/", async () => ({ hello: "world" }));
  await app.listen({ port, host: "127.0.0.1" });
  ready();
} else {
  console.error("usage: node bench/hello-server.ts node|fastify <port>");
  process.exit(1);
}

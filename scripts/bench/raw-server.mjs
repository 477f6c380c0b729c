// The baseline: a bare node:http server answering the same JSON, with no session, access check or storage.
import http from 'node:http';

const body = Buffer.from(process.env.BENCH_BODY ?? '{}');
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send?.({ url: `http://127.0.0.1:${server.address().port}` }));
process.on('message', (msg) => msg === 'stop' && server.close(() => process.exit(0)));

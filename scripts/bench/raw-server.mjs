// The baseline: a bare node:http server answering the same JSON, with no session, access check or storage. It reads
// (and drops) any request body, so a PUT costs it what reading the request costs. BENCH_HEADERS adds headers.
import http from 'node:http';

const body = Buffer.from(process.env.BENCH_BODY ?? '{}');
const headers = {
  'content-type': 'application/json; charset=utf-8',
  ...JSON.parse(process.env.BENCH_HEADERS ?? '{}'),
  'content-length': body.length,
};
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.send?.({ url: `http://127.0.0.1:${server.address().port}` }));
process.on('message', (msg) => {
  if (msg === 'stop') server.close(() => process.exit(0));
  else if (msg === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});

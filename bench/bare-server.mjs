// The yardstick for the home lists: a bare node:http server answering the bytes the
// app answered (body and content type), with no framework and no database.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BARE_BODY_FILE);
const contentType = process.env.BARE_CONTENT_TYPE ?? 'application/json; charset=utf-8';

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.stdout.write('listening\n');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// The throughput baseline of suite api-throughput: a bare Express app answering "Hello World!",
// on the same Node and Express as the app, in a process of its own.
import express from 'express';
import type { AddressInfo } from 'node:net';

const app = express();
app.get('/', (_req, res) => {
  res.send('Hello World!');
});
const server = app.listen(0, '127.0.0.1', () => {
  console.info(`listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

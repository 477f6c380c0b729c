// The MongoDB wire server (scripts/support/mongo-wire-server.mjs) in a process of its own, for bench:storage: in the bench's
// process its single JavaScript thread would share the event loop with the clients it answers, and its figures would
// count the bench's own work. Started with support.mjs's startServer, stopped with stopServer.
import { startMongoWireServer } from '../support/mongo-wire-server.mjs';

const server = await startMongoWireServer();
process.send?.({ url: server.url(process.env.BENCH_MONGO_DATABASE ?? 'guildhall_bench') });
process.on('message', async (msg) => {
  if (msg === 'stop') {
    await server.stop();
    process.exit(0);
  }
});

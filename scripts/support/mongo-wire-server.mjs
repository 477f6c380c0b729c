// A MongoDB wire-protocol server for tests and benches, from npm only: no mongod can be installed on our machines.
//
// It is @push.rocks/smartmongo's CongoServer (memory storage), a dev dependency, with two repairs made here at run
// time rather than in node_modules:
// - Its storage keys every document by `_id.toHexString()` and turns any `_id` into an ObjectId, so a natural string
//   `_id` (our `guildId:section`) fails with "input must be a 24 character hex string". Documents are keyed here by
//   their `_id` of any type, and a duplicate `_id` is refused with MongoDB's E11000 (code 11000).
// - Its index builder calls `_id.toHexString()` on existing documents; it is given the same key.
// What it still cannot prove (README, "MongoDB"): secondary unique indexes and TTL indexes are recorded but not
// enforced, there are no multi-document transactions, `$setOnInsert` with dotted paths is mishandled, and every
// command runs to completion before the next (one JavaScript thread), so it cannot show a race a real server has.
// Set MONGODB_TEST_URL to run the same suites against a real MongoDB instead (startMongoForTests).
import { CongoServer, IndexEngine, MemoryStorageAdapter, ObjectId } from '@push.rocks/smartmongo/dist_ts/congodb/index.js';
import { freePort } from './free-port.mjs';

const idKey = (id) => (id instanceof ObjectId ? id.toHexString() : `${typeof id}:${JSON.stringify(id)}`);

function duplicateKey(dbName, collName, id) {
  const error = new Error(
    `E11000 duplicate key error collection: ${dbName}.${collName} index: _id_ dup key: { _id: ${JSON.stringify(id)} }`,
  );
  error.code = 11000;
  return error;
}

let repaired = false;
function repair() {
  if (repaired) return;
  repaired = true;
  const storage = MemoryStorageAdapter.prototype;
  storage.insertOne = async function insertOne(dbName, collName, doc) {
    const collection = this.ensureCollection(dbName, collName);
    const stored = { ...doc, _id: doc._id ?? new ObjectId() };
    const key = idKey(stored._id);
    if (collection.has(key)) throw duplicateKey(dbName, collName, stored._id);
    collection.set(key, stored);
    return stored;
  };
  storage.findById = async function findById(dbName, collName, id) {
    return this.ensureCollection(dbName, collName).get(idKey(id)) ?? null;
  };
  storage.updateById = async function updateById(dbName, collName, id, doc) {
    const collection = this.ensureCollection(dbName, collName);
    const key = idKey(id);
    if (!collection.has(key)) return false;
    collection.set(key, doc);
    return true;
  };
  storage.deleteById = async function deleteById(dbName, collName, id) {
    return this.ensureCollection(dbName, collName).delete(idKey(id));
  };
  for (const method of ['initialize', 'createIndex']) {
    const original = IndexEngine.prototype[method];
    IndexEngine.prototype[method] = async function (...args) {
      const storage = this.storage;
      const keyed = Object.create(storage);
      keyed.findAll = async (...where) =>
        (await storage.findAll(...where)).map((doc) => ({ ...doc, _id: { toHexString: () => idKey(doc._id) } }));
      this.storage = keyed;
      try {
        return await original.apply(this, args);
      } finally {
        this.storage = storage;
      }
    };
  }
}

/** Starts the wire server on a free loopback port; `url(db)` names a database on it. */
export async function startMongoWireServer() {
  repair();
  const port = await freePort();
  const server = new CongoServer({ port, host: '127.0.0.1' });
  await server.start();
  let stopped;
  return {
    kind: 'wire-server',
    // The wire server is one node, not a replica set: the driver must talk to it directly, and poll it (it does not
    // stream server heartbeats).
    url: (database) => `mongodb://127.0.0.1:${port}/${database}?directConnection=true&serverMonitoringMode=poll`,
    stop: () => (stopped ??= server.stop()),
  };
}

/**
 * The MongoDB the suites run on: the real one at MONGODB_TEST_URL when set (each `url(db)` swaps in its own database
 * name, so suites stay apart), else the wire server above.
 */
export async function startMongoForTests(env = process.env) {
  const real = env.MONGODB_TEST_URL?.trim();
  if (!real) return startMongoWireServer();
  return {
    kind: 'mongodb',
    url: (database) => {
      const url = new URL(real);
      url.pathname = `/${database}`;
      return url.toString();
    },
    stop: async () => {},
  };
}

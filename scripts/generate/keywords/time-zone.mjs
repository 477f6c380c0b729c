// `time-zone`: true on a string: it names a time zone the platform's Intl knows (IANA: Europe/London, America/New_York,
// UTC). The browser and the server ask their own Intl, inline (no runtime helper, so the standalone module needs no
// import); both carry the full IANA database (Node's full ICU, every browser we support). The server computes
// schedules with the same Intl (backend/src/schedules/), so a zone the check admits is one it can compute in.
import ajv from 'ajv';

const { _ } = ajv;

export default {
  keyword: 'time-zone',
  type: 'string',
  schemaType: 'boolean',
  metaSchema: { const: true },
  error: { message: 'must be a time zone' },
  code(cxt) {
    const { gen, data } = cxt;
    const known = gen.const(
      'knownZone',
      _`(zone) => { try { new Intl.DateTimeFormat("en-US", { timeZone: zone }); return true; } catch (e) { return false; } }`,
    );
    gen.if(_`!${known}(${data})`, () => cxt.error());
  },
};

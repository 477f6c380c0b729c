/**
 * RJSF's omitExtraData as the build ships it (issue 26): none. @rjsf/utils' schema/omitExtraData.js (9 KB of the form
 * engine, 1.3 KB brotli) drops the form data a schema does not describe; RJSF's Form runs it only for a form given
 * `omitExtraData` (with `liveOmit`), and the module's other functions are exported for callers we do not have (the
 * deprecated getUsedFormData and getFieldNames, and isValueEmpty for removeOptionalEmptyObjects). No form of ours
 * asks for any of them (frontend/test/omit-extra-data.test.ts reads src/ for them): the build puts this module in its
 * place (vite.config.ts; the dev server and the tests keep RJSF's), and a form that asked would say so at once.
 */
function unsupported(): never {
  throw new Error("this build's form engine has no omitExtraData (src/form/omit-extra-data.ts); put RJSF's back in vite.config.ts");
}
export default unsupported;
export { unsupported as getFieldNames, unsupported as getUsedFormData, unsupported as isValueEmpty };

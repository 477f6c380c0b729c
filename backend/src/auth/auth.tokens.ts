/** The app's own passport instance (not the global one), so two app instances in one process stay apart. */
export const PASSPORT = Symbol('PASSPORT');

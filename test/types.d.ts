// oidc-provider ships no types; the tests use it only as the Google stand-in.
declare module 'oidc-provider';

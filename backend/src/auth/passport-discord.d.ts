// passport-discord ships no types; this is the part of it we use.
declare module 'passport-discord' {
  import OAuth2Strategy from 'passport-oauth2';
  export class Strategy extends OAuth2Strategy {
    constructor(options: OAuth2Strategy.StrategyOptions, verify: OAuth2Strategy.VerifyFunction);
  }
}

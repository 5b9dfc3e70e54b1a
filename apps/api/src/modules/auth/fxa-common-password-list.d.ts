/** Mozilla's list of the 50,000 most common passwords of at least 8 characters (MPL-2.0). */
declare module 'fxa-common-password-list' {
  const list: { test(password: string): boolean };
  export default list;
}

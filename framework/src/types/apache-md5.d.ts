// apache-md5 ships without types.
declare module 'apache-md5' {
  /**
   * Apache's `$apr1$` MD5 crypt of a password. With `salt` (a whole `$apr1$salt$hash`
   * string works) the result can be compared with a stored hash; without, a random salt is used.
   */
  function md5(password: string, salt?: string): string;
  export default md5;
}

// Traverson and its HAL adapter ship no types: what the HAL client test uses of them.
declare module 'traverson' {
  interface Builder {
    jsonHal(): Builder;
    withRequestOptions(options: { headers?: Record<string, string> }): Builder;
    withTemplateParameters(parameters: Record<string, unknown>): Builder;
    follow(...relations: string[]): Builder;
    getResource(callback: (error: unknown, document: unknown) => void): void;
  }
  const traverson: {
    from(url: string): Builder;
    registerMediaType(mediaType: string, adapter: unknown): void;
  };
  export default traverson;
}

declare module 'traverson-hal' {
  const JsonHalAdapter: { mediaType: string };
  export default JsonHalAdapter;
}

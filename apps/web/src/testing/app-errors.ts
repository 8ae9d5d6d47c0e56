// What a page logged with console.error, leaving out jsdom's notices of what it does not implement (antd's
// scrollbar measure asks for a pseudo-element's style): a test expects [] to say the page logged no error.
export const appErrors = (spy: jest.SpyInstance) =>
  spy.mock.calls.filter(([error]) => !String(error).includes('Not implemented'));

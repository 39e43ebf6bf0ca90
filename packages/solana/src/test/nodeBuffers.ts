// Test-only, imported for its effect by the tests that run the adapter in jsdom. Vitest's jsdom environment puts
// jsdom's own `Uint8Array` and `ArrayBuffer` on the global, and Node's WebCrypto (which kit signs and verifies ed25519
// with, in the tests and in the stand-in) accepts only Node's buffers: a page has one realm, so Node's are put back, as
// Node's `TextEncoder` and `Buffer` already use them.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor
globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor

/** anvil's default mnemonic: its accounts and keys are public test keys, known to everyone. Never use them for real funds. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

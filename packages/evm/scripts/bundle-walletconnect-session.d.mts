export declare const WALLETCONNECT_SESSION_BUNDLE: string
export declare function bundleWalletConnectSession(options?: {
  outDir?: string
  protocolImport?: string
}): Promise<string>

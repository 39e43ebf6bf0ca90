export declare const WALLETCONNECT_SESSION_BUNDLE: string
export declare function bundleWalletConnectSession(): Promise<string>

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IdRegistry (devnet stand-in)
/// @notice A minimal stand-in for Farcaster's IdRegistry with its real read interface (`idOf`, `custodyOf`), which
///         is all a Sign in with Farcaster verifier reads. Not Farcaster's contract: nothing registers, transfers or
///         recovers. The devnet installs its runtime code at Farcaster's real address with `anvil_setCode` and writes
///         the test fids straight into storage with `anvil_setStorageAt`, so the layout below is fixed:
///         slot 0 is `idOf`, slot 1 is `custodyOf`.
contract IdRegistry {
    /// The fid a custody address holds (0: none).
    mapping(address owner => uint256 fid) public idOf;
    /// The custody address of an fid (the zero address: not registered).
    mapping(uint256 fid => address custody) public custodyOf;
}

/// @title KeyRegistry (devnet stand-in)
/// @notice A minimal stand-in for Farcaster's KeyRegistry with its real `keyDataOf` read, which a verifier asks to
///         learn whether an address is an fid's auth address. Installed at the real address like the IdRegistry;
///         slot 0 holds the keys, written with `anvil_setStorageAt` when a test needs one. The devnet registers none,
///         so every sign-in is by custody address.
contract KeyRegistry {
    /// The real contract's `KeyState`: 0 never added, 1 added, 2 removed.
    struct KeyData {
        uint8 state;
        uint32 keyType;
    }

    mapping(uint256 fid => mapping(bytes key => KeyData data)) internal keys;

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }
}

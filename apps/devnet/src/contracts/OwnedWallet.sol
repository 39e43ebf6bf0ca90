// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title OwnedWallet
/// @notice The smallest smart-contract account that signs: ERC-1271 `isValidSignature` accepts a hash signed by its
///         owner's key (a 65-byte ECDSA signature, low s). For tests of sign-in by contract accounts only — it checks
///         the bare hash, so one owner's signature is good for every wallet that owner has; not for real funds.
///         Never deployed by the devnet's start-up: the tests that need one deploy it themselves.
contract OwnedWallet {
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant INVALID = 0xffffffff;
    /// secp256k1n / 2: a larger s is the malleable twin of a valid signature.
    uint256 internal constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return INVALID;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > MAX_S) return INVALID;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : INVALID;
    }
}

/// @title OwnedWalletFactory
/// @notice Deploys OwnedWallets at CREATE2 addresses known in advance, so a wallet can sign before it exists
///         (ERC-6492: the signature carries this factory and the `deploy` call that would create the wallet).
contract OwnedWalletFactory {
    event WalletDeployed(address indexed wallet, address indexed owner, bytes32 salt);

    function deploy(address owner, bytes32 salt) external returns (address wallet) {
        wallet = address(new OwnedWallet{salt: salt}(owner));
        emit WalletDeployed(wallet, owner, salt);
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(OwnedWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}

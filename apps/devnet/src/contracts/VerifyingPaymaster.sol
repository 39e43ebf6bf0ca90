// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice ERC-4337 v0.7/v0.8 packed user operation, as the EntryPoint hands it to a paymaster.
struct PackedUserOperation {
    address sender;
    uint256 nonce;
    bytes initCode;
    bytes callData;
    bytes32 accountGasLimits;
    uint256 preVerificationGas;
    bytes32 gasFees;
    bytes paymasterAndData;
    bytes signature;
}

/// @notice The part of the EntryPoint's stake manager the paymaster uses.
interface IEntryPointDeposits {
    function depositTo(address account) external payable;
    function withdrawTo(address payable withdrawAddress, uint256 withdrawAmount) external;
    function balanceOf(address account) external view returns (uint256);
}

/// @title VerifyingPaymaster
/// @notice Pays for any user operation that carries a sponsorship signed by `verifyingSigner`: an off-chain service
///         decides what to sponsor and signs it. Written against the ERC-4337 EntryPoint v0.8 interfaces.
///
///         paymasterAndData = paymaster (20) | verificationGasLimit (16) | postOpGasLimit (16)
///                          | validUntil (6) | validAfter (6) | signature (65)
///
///         The signature is an EIP-191 personal signature over `getHash(userOp, validUntil, validAfter)`, which
///         covers every field of the operation except its own signature, the paymaster's gas limits, the chain and
///         this contract. A wrong signature fails validation (SIG_VALIDATION_FAILED) rather than reverting, so a
///         bundler can estimate gas with a placeholder signature of the right length.
contract VerifyingPaymaster {
    /// The EntryPoint's layout: paymaster address and its two gas limits come first.
    uint256 internal constant PAYMASTER_DATA_OFFSET = 52;
    uint256 internal constant VALID_TIMESTAMP_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 internal constant SIGNATURE_OFFSET = VALID_TIMESTAMP_OFFSET + 12;
    uint256 internal constant SIG_VALIDATION_FAILED = 1;
    /// secp256k1n / 2: a larger s is the malleable twin of a valid signature.
    uint256 internal constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    IEntryPointDeposits public immutable entryPoint;
    address public immutable verifyingSigner;
    address public immutable owner;

    error NotFromEntryPoint();
    error NotOwner();
    error InvalidPaymasterData(uint256 length);

    constructor(IEntryPointDeposits entryPoint_, address verifyingSigner_, address owner_) {
        entryPoint = entryPoint_;
        verifyingSigner = verifyingSigner_;
        owner = owner_;
    }

    /// @notice The hash the verifying signer signs (with the EIP-191 prefix) to sponsor `userOp`.
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter)
        public
        view
        returns (bytes32)
    {
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                uint256(bytes32(userOp.paymasterAndData[20:PAYMASTER_DATA_OFFSET])),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    function validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        external
        view
        returns (bytes memory context, uint256 validationData)
    {
        if (msg.sender != address(entryPoint)) revert NotFromEntryPoint();
        bytes calldata data = userOp.paymasterAndData;
        if (data.length != SIGNATURE_OFFSET + 65) revert InvalidPaymasterData(data.length);
        uint48 validUntil = uint48(bytes6(data[VALID_TIMESTAMP_OFFSET:VALID_TIMESTAMP_OFFSET + 6]));
        uint48 validAfter = uint48(bytes6(data[VALID_TIMESTAMP_OFFSET + 6:SIGNATURE_OFFSET]));
        bytes32 digest = keccak256(
            abi.encodePacked("\x19Ethereum Signed Message:\n32", getHash(userOp, validUntil, validAfter))
        );
        bool valid = _recover(digest, data[SIGNATURE_OFFSET:]) == verifyingSigner;
        validationData =
            (valid ? 0 : SIG_VALIDATION_FAILED) | (uint256(validUntil) << 160) | (uint256(validAfter) << 208);
        return ("", validationData);
    }

    /// @notice Never called: validation returns no context, so the EntryPoint skips the post-operation.
    function postOp(uint8, bytes calldata, uint256, uint256) external view {
        if (msg.sender != address(entryPoint)) revert NotFromEntryPoint();
    }

    /// @notice Adds to this paymaster's deposit at the EntryPoint, which pays for the operations it sponsors.
    function deposit() external payable {
        entryPoint.depositTo{value: msg.value}(address(this));
    }

    function getDeposit() external view returns (uint256) {
        return entryPoint.balanceOf(address(this));
    }

    function withdrawTo(address payable to, uint256 amount) external {
        if (msg.sender != owner) revert NotOwner();
        entryPoint.withdrawTo(to, amount);
    }

    /// @dev address(0) for anything that is not a well-formed low-s signature.
    function _recover(bytes32 digest, bytes calldata signature) internal pure returns (address) {
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > MAX_S || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }
}

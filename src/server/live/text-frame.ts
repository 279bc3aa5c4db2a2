/**
 * One WebSocket text frame, as the server sends it (RFC 6455 §5.2: FIN set, opcode 1, unmasked),
 * header and payload in one buffer. The hub builds a room message's frame once and writes it to
 * every socket's TCP stream, instead of `ws` framing the same payload again for each socket (one
 * header allocated and two buffers written per socket): the same bytes on the wire.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

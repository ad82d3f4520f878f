import type { EncodedReach } from './isochroneSchemas';
import type { ReachedNetwork } from './ReachedNetwork';

const CHUNK = 0x8000;

function toBase64(array: Float32Array | Uint32Array): string {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  let binary = '';
  for (let index = 0; index < bytes.length; index += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(index, index + CHUNK));
  }
  return btoa(binary);
}

function fromBase64(text: string): ArrayBuffer {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

/** The reached network as JSON-safe base64 typed arrays (platforms are little-endian). */
export function encodeReachedNetwork(reach: ReachedNetwork): EncodedReach {
  return {
    origin: reach.origin,
    metric: reach.metric,
    limit: reach.limit,
    offNetworkCostPerMetre: reach.offNetworkCostPerMetre,
    arcStartCosts: toBase64(reach.arcStartCosts),
    arcCosts: toBase64(reach.arcCosts),
    vertexOffsets: toBase64(reach.vertexOffsets),
    vertices: toBase64(reach.vertices),
  };
}

export function decodeReachedNetwork(encoded: EncodedReach): ReachedNetwork {
  return {
    origin: encoded.origin,
    metric: encoded.metric,
    limit: encoded.limit,
    offNetworkCostPerMetre: encoded.offNetworkCostPerMetre,
    arcStartCosts: new Float32Array(fromBase64(encoded.arcStartCosts)),
    arcCosts: new Float32Array(fromBase64(encoded.arcCosts)),
    vertexOffsets: new Uint32Array(fromBase64(encoded.vertexOffsets)),
    vertices: new Float32Array(fromBase64(encoded.vertices)),
  };
}

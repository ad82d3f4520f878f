import { Float64, makeData, makeVector, type Vector } from 'apache-arrow';

/**
 * A Float64 column straight from its values (null where `valueAt` gives null or nothing): one typed
 * array and one validity bitmap, without the per-cell work of Arrow's generic builder.
 */
export function float64Column(length: number, valueAt: (index: number) => number | null | undefined): Vector<Float64> {
  const values = new Float64Array(length);
  // Padded to 64 bytes, as Arrow's builder pads it: the same stream, byte for byte.
  const validity = new Uint8Array(Math.ceil(length / 512) * 64);
  let nullCount = 0;
  for (let index = 0; index < length; index += 1) {
    const value = valueAt(index);
    if (value === null || value === undefined) nullCount += 1;
    else {
      values[index] = value;
      validity[index >> 3] = (validity[index >> 3] as number) | (1 << (index & 7));
    }
  }
  return makeVector(
    makeData({ type: new Float64(), length, nullCount, data: values, nullBitmap: nullCount > 0 ? validity : null }),
  );
}

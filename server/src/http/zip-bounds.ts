import { Unzip, type AsyncFlateStreamHandler, type UnzipDecoder, type UnzipFile } from 'fflate';
import { inflateRawSync } from 'node:zlib';

/**
 * A zip's real size, measured before anything builds on it: a workbook is a zip of XML, and a
 * few hundred KB can inflate to gigabytes whatever its directory declares. fflate walks the
 * entries; each is inflated by Node's zlib, which stops the moment the bound is reached (a
 * 400 MB bomb costs what its first 48 MB do), and the XML elements that cost a workbook reader
 * memory (rows, cells, shared strings) are counted in what comes out.
 */

export interface ZipBounds {
  /** The most bytes all entries may inflate to. */
  maxBytes: number;
  /** The most rows, cells and shared strings the sheets may hold together. */
  maxItems: number;
}

export type ZipVerdict = 'ok' | 'too-large' | 'unreadable';

/** The elements a reader keeps one object for: `<row`, `<c`, `<si` and a space, `>` or `/`. */
const ITEM = /<(?:row|c|si)[\s/>]/g;
/** The longest item's opening. */
const LONGEST = '<row '.length;

const holdsItems = (name: string) =>
  name.startsWith('xl/worksheets/') || name === 'xl/sharedStrings.xml';

const countOf = (text: string) => text.match(ITEM)?.length ?? 0;

/**
 * Counts ITEM across chunks. The last characters of a chunk are read again with the next, for
 * an element cut between them; an element that lies wholly in them was counted already.
 */
function itemCounter() {
  let carry = '';
  return (chunk: Uint8Array) => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const text = carry + bytes.toString('latin1');
    const count = countOf(text) - countOf(carry);
    carry = text.slice(-(LONGEST - 1));
    return count;
  };
}

class TooLarge extends Error {}
class Unreadable extends Error {}

const isOverOutputLimit = (error: unknown) =>
  error instanceof RangeError && (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';

/** Whether `bytes`, a zip, stays within `bounds` once inflated; stops at the first excess. */
export function measureZip(bytes: Uint8Array, { maxBytes, maxItems }: ZipBounds): ZipVerdict {
  let inflated = 0;
  let items = 0;

  /** A deflated entry, inflated at its end into no more than the bound leaves. */
  class BoundedInflate implements UnzipDecoder {
    static readonly compression = 8;
    ondata: AsyncFlateStreamHandler = () => undefined;
    private readonly compressed: Uint8Array[] = [];

    push(chunk: Uint8Array, final: boolean) {
      this.compressed.push(chunk);
      if (!final) return;
      let data: ReturnType<typeof inflateRawSync>;
      try {
        data = inflateRawSync(Buffer.concat(this.compressed), {
          maxOutputLength: maxBytes - inflated + 1,
        });
      } catch (error) {
        throw isOverOutputLimit(error) ? new TooLarge() : new Unreadable();
      }
      this.ondata(null, data, true);
    }
  }

  const unzip = new Unzip((file: UnzipFile) => {
    // What the entry declares is enough to refuse an honest bomb without inflating it.
    if ((file.originalSize ?? 0) > maxBytes) throw new TooLarge();
    const count = holdsItems(file.name) ? itemCounter() : undefined;
    file.ondata = (error, chunk) => {
      if (error) throw new Unreadable();
      inflated += chunk.length;
      if (count) items += count(chunk);
      if (inflated > maxBytes || items > maxItems) throw new TooLarge();
    };
    file.start();
  });
  unzip.register(BoundedInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (error instanceof TooLarge) return 'too-large';
    // fflate throws on a damaged directory or an unknown compression method.
    return 'unreadable';
  }
  return 'ok';
}

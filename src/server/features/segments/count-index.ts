import type { IsoDate } from '../../../shared/date-ranges.ts';
import type { SegmentCondition, SegmentRules } from '../../../shared/segments.ts';
import { type Days, daysOf, normaliseTag, unbounded } from './compiler.ts';

/*
 * The segment forms' live count, in memory: a store's customers, their customer tags and their counted
 * orders (store day, total, whether discounted, the products bought) in flat typed columns, evaluated
 * with the rule compiler's meaning (compiler.ts). At 200,000 customers and a million orders the
 * database needs from 0.2 to several seconds for one count; these columns answer in milliseconds.
 * Membership itself stays with the compiled SQL: this index only counts, and the rules property test
 * holds it to the SQL's answer. What fills and refreshes it from the database is live-count.ts.
 *
 * Ids are the platform's numeric ids as JavaScript numbers: Shopify's are below 2^53.
 */

/** Counted orders in columns; order `i` bought `products[productStart[i]] … products[productStart[i + 1] - 1]`. */
export interface OrderColumns {
  day: Int32Array;
  total: Float64Array;
  discounted: Uint8Array;
  productStart: Int32Array;
  /** Rows of the index's product table. */
  products: Int32Array;
}

/** One counted order as the loader reads it. */
export interface LoadedOrder {
  /** Days since 1970-01-01 on the store's calendar. */
  day: number;
  total: number;
  discounted: boolean;
  products: number[];
}

export interface LoadedProduct {
  id: number;
  /** Normalised as the compiler compares them (lower(btrim(…))); null: no type. */
  type: string | null;
  tags: string[];
}

const DAY_MS = 86_400_000;
const epochDay = (day: IsoDate) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

const NO_ORDERS: OrderColumns = {
  day: new Int32Array(0),
  total: new Float64Array(0),
  discounted: new Uint8Array(0),
  productStart: new Int32Array(1),
  products: new Int32Array(0),
};

export class SegmentCountIndex {
  /**
   * Row `r` is the customer `ids[r]`. The customers loaded at once come first, sorted by id, so their
   * rows are found by binary search; customers seen later follow in `added`. A row outlives its
   * customer (erased: `present` false), so rows never move.
   */
  private readonly ids: number[];
  private readonly loaded: number;
  private readonly added = new Map<number, number>();
  private readonly present: boolean[];
  /** Each row's customer tags, as ids of `tagIds`. */
  private readonly tags: (Int32Array | null)[];
  private readonly tagIds = new Map<string, number>();
  /** Figures all time, as customer_stats keeps them (firstDay and lastDay NaN without orders). */
  private readonly ordersCount: number[];
  private readonly totalSpent: number[];
  private readonly discountedOrders: number[];
  private readonly firstDay: number[];
  private readonly lastDay: number[];
  /** The orders of the rows loaded at once, by row: row `r`'s are `baseStart[r]` to `baseStart[r + 1]`. */
  private base: OrderColumns = NO_ORDERS;
  private baseStart = new Int32Array(1);
  /** Rows whose orders changed since the load, with their orders now. */
  private readonly patched = new Map<number, OrderColumns>();
  /** Product id → product row; its normalised type and tags. */
  private readonly productRows = new Map<number, number>();
  private productType: (string | null)[] = [];
  private productTags: string[][] = [];

  /** The store's customers, `customers` sorted by id, their orders on the calendar of `timeZone`. */
  constructor(
    readonly timeZone: string,
    customers: Float64Array,
  ) {
    const rows = customers.length;
    this.ids = Array.from(customers);
    this.loaded = rows;
    this.present = new Array<boolean>(rows).fill(true);
    this.tags = new Array<Int32Array | null>(rows).fill(null);
    this.ordersCount = new Array<number>(rows).fill(0);
    this.totalSpent = new Array<number>(rows).fill(0);
    this.discountedOrders = new Array<number>(rows).fill(0);
    this.firstDay = new Array<number>(rows).fill(Number.NaN);
    this.lastDay = new Array<number>(rows).fill(Number.NaN);
  }

  get customers(): number {
    return this.ids.length;
  }

  /** How many rows carry orders patched in since the load (a reload folds them back in). */
  get patchedCustomers(): number {
    return this.patched.size;
  }

  /** The row of a customer, added (without orders) when new. */
  row(customer: number): number {
    let row = this.rowOf(customer);
    if (row === undefined) {
      row = this.ids.length;
      this.added.set(customer, row);
      this.ids.push(customer);
      this.present.push(true);
      this.tags.push(null);
      this.ordersCount.push(0);
      this.totalSpent.push(0);
      this.discountedOrders.push(0);
      this.firstDay.push(Number.NaN);
      this.lastDay.push(Number.NaN);
    }
    return row;
  }

  /** The row of a customer already in the index, if any. */
  rowOf(customer: number): number | undefined {
    let low = 0;
    let high = this.loaded - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const id = this.ids[middle]!;
      if (id < customer) low = middle + 1;
      else if (id > customer) high = middle - 1;
      else return middle;
    }
    return this.added.get(customer);
  }

  /** A product's row, added (without type or tags) when new: orders can name products since deleted. */
  productRow(product: number): number {
    let row = this.productRows.get(product);
    if (row === undefined) {
      row = this.productType.length;
      this.productRows.set(product, row);
      this.productType.push(null);
      this.productTags.push([]);
    }
    return row;
  }

  /** Replaces every product's type and tags (products not listed have none: deleted). */
  setProducts(products: readonly LoadedProduct[]): void {
    this.productType = this.productType.map(() => null);
    this.productTags = this.productTags.map(() => []);
    for (const product of products) {
      const row = this.productRow(product.id);
      this.productType[row] = product.type;
      this.productTags[row] = product.tags;
    }
  }

  /** Customer tags, normalised as the compiler compares them, as the index keeps them (null: none). */
  tagList(tags: readonly string[]): Int32Array | null {
    if (tags.length === 0) return null;
    return Int32Array.from(tags, (tag) => {
      let id = this.tagIds.get(tag);
      if (id === undefined) this.tagIds.set(tag, (id = this.tagIds.size));
      return id;
    });
  }

  /** A customer's tags (a list from `tagList`, which customers with the same tags may share). */
  setTags(row: number, tags: Int32Array | null): void {
    this.tags[row] = tags;
  }

  /** Marks a customer gone (erased, or not in the store any more) or back. */
  setPresent(row: number, present: boolean): void {
    this.present[row] = present;
  }

  /**
   * Takes the loaded orders of every row at once: `orderRow[i]` is order `i`'s customer row, its
   * products `products[productStart[i]…]`. Sorted here by row (a counting sort).
   */
  setBaseOrders(orderRow: Int32Array, orders: OrderColumns): void {
    const rows = this.ids.length;
    const start = new Int32Array(rows + 1);
    for (const row of orderRow) start[row + 1]! += 1;
    for (let row = 0; row < rows; row++) start[row + 1]! += start[row]!;
    const count = orderRow.length;
    const next = start.slice(0, rows);
    const place = new Int32Array(count);
    for (let i = 0; i < count; i++) place[i] = next[orderRow[i]!]!++;
    const sorted: OrderColumns = {
      day: new Int32Array(count),
      total: new Float64Array(count),
      discounted: new Uint8Array(count),
      productStart: new Int32Array(count + 1),
      products: new Int32Array(orders.products.length),
    };
    const byPlace = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const at = place[i]!;
      byPlace[at] = i;
      sorted.day[at] = orders.day[i]!;
      sorted.total[at] = orders.total[i]!;
      sorted.discounted[at] = orders.discounted[i]!;
    }
    let written = 0;
    for (let at = 0; at < count; at++) {
      const i = byPlace[at]!;
      sorted.productStart[at] = written;
      for (let p = orders.productStart[i]!; p < orders.productStart[i + 1]!; p++) sorted.products[written++] = orders.products[p]!;
    }
    sorted.productStart[count] = written;
    this.base = sorted;
    this.baseStart = start;
    this.patched.clear();
    for (let row = 0; row < rows; row++) this.summarise(row);
  }

  /** Replaces one customer's counted orders (a patch after a change). */
  setOrders(row: number, orders: readonly LoadedOrder[]): void {
    const productStart = new Int32Array(orders.length + 1);
    const products: number[] = [];
    orders.forEach((order, i) => {
      productStart[i] = products.length;
      products.push(...order.products);
    });
    productStart[orders.length] = products.length;
    this.patched.set(row, {
      day: Int32Array.from(orders, (order) => order.day),
      total: Float64Array.from(orders, (order) => order.total),
      discounted: Uint8Array.from(orders, (order) => (order.discounted ? 1 : 0)),
      productStart,
      products: Int32Array.from(products),
    });
    this.summarise(row);
  }

  // The orders of the row last passed to `seek`: `columns`, from `first` to before `end`.
  private columns: OrderColumns = NO_ORDERS;
  private first = 0;
  private end = 0;

  private seek(row: number): void {
    const patched = this.patched.get(row);
    if (patched) {
      this.columns = patched;
      this.first = 0;
      this.end = patched.day.length;
    } else if (row < this.baseStart.length - 1) {
      this.columns = this.base;
      this.first = this.baseStart[row]!;
      this.end = this.baseStart[row + 1]!;
    } else {
      this.columns = NO_ORDERS;
      this.first = 0;
      this.end = 0;
    }
  }

  /** The row's figures all time, as the rollups write them into customer_stats. */
  private summarise(row: number): void {
    this.seek(row);
    const { day, total, discounted } = this.columns;
    let spent = 0;
    let withDiscount = 0;
    let first = Number.NaN;
    let last = Number.NaN;
    for (let i = this.first; i < this.end; i++) {
      spent += total[i]!;
      withDiscount += discounted[i]!;
      if (!(day[i]! >= first)) first = day[i]!;
      if (!(day[i]! <= last)) last = day[i]!;
    }
    this.ordersCount[row] = this.end - this.first;
    this.totalSpent[row] = spent;
    this.discountedOrders[row] = withDiscount;
    this.firstDay[row] = first;
    this.lastDay[row] = last;
  }

  /** How many customers `rules` match, `today` on the store's calendar, `mean` the store average (null: none). */
  count(rules: SegmentRules, today: IsoDate, mean: number | null): number {
    const matched = this.evaluate(rules, today, mean);
    let count = 0;
    for (let row = 0; row < matched.length; row++) if (matched[row] && this.present[row]) count++;
    return count;
  }

  /** The ids of the customers `rules` match (the tests compare them with the compiled SQL's). */
  members(rules: SegmentRules, today: IsoDate, mean: number | null): string[] {
    const matched = this.evaluate(rules, today, mean);
    return this.ids.filter((_, row) => matched[row] && this.present[row]).map(String);
  }

  private evaluate(rules: SegmentRules, today: IsoDate, mean: number | null): Uint8Array {
    const combine = (join: 'and' | 'or', parts: Uint8Array[]): Uint8Array => {
      const out = parts[0]!;
      for (const part of parts.slice(1))
        for (let row = 0; row < out.length; row++) out[row] = join === 'and' ? out[row]! & part[row]! : out[row]! | part[row]!;
      return out;
    };
    return combine(
      rules.join,
      rules.blocks.map((block) =>
        combine(
          block.join,
          block.conditions.map((condition) => {
            const holds = this.holds(condition, today, mean);
            if (condition.operator === 'isNot' || condition.operator === 'notHas')
              for (let row = 0; row < holds.length; row++) holds[row]! ^= 1;
            return holds;
          }),
        ),
      ),
    );
  }

  /** The condition's positive form for every row, as compiler.ts's `holds` means it. */
  private holds(condition: SegmentCondition, todayDay: IsoDate, mean: number | null): Uint8Array {
    const rows = this.ids.length;
    const out = new Uint8Array(rows);
    const days = 'period' in condition ? daysOf(condition.period, todayDay) : { from: null, to: null };
    const [from, to] = bounds(days);
    switch (condition.field) {
      case 'purchase': {
        if (unbounded(days)) for (let row = 0; row < rows; row++) out[row] = this.ordersCount[row]! > 0 ? 1 : 0;
        // As the compiler: a window that reaches today is a look at the newest purchase.
        else if (days.to === todayDay && days.from)
          for (let row = 0; row < rows; row++) out[row] = this.lastDay[row]! >= from && this.lastDay[row]! <= to ? 1 : 0;
        else this.eachOrdersWithin(from, to, out, (count) => count > 0);
        return out;
      }
      case 'firstPurchase':
        for (let row = 0; row < rows; row++) out[row] = this.firstDay[row]! >= from && this.firstDay[row]! <= to ? 1 : 0;
        return out;
      case 'productTags':
      case 'productTypes':
        this.boughtProducts(this.productsMatching(condition.field, condition.values), from, to, out);
        return out;
      case 'customerTags': {
        const wanted = new Set(condition.values.map((value) => this.tagIds.get(normaliseTag(value))).filter((id) => id !== undefined));
        for (let row = 0; row < rows; row++) {
          const tags = this.tags[row];
          if (tags) for (const tag of tags) if (wanted.has(tag)) out[row] = 1;
        }
        return out;
      }
      case 'purchaseType': {
        const discounted = condition.value === 'withDiscount';
        if (unbounded(days))
          for (let row = 0; row < rows; row++) {
            const orders = this.ordersCount[row]!;
            out[row] = orders > 0 && this.discountedOrders[row] === (discounted ? orders : 0) ? 1 : 0;
          }
        // Without purchases in the period, the customer is not kept.
        else this.eachOrdersWithin(from, to, out, (count, _spent, withDiscount) => count > 0 && withDiscount === (discounted ? count : 0));
        return out;
      }
      case 'ordersCount':
      case 'totalSpent': {
        const low = condition.from ?? -Infinity;
        const high = condition.to ?? Infinity;
        const inRange = (value: number) => value >= low && value <= high;
        if (unbounded(days)) {
          const values = condition.field === 'ordersCount' ? this.ordersCount : this.totalSpent;
          for (let row = 0; row < rows; row++) out[row] = inRange(values[row]!) ? 1 : 0;
        } else if (condition.field === 'ordersCount') this.eachOrdersWithin(from, to, out, (count) => inRange(count));
        else this.eachOrdersWithin(from, to, out, (_count, spent) => inRange(spent));
        return out;
      }
      case 'averageOrderValue':
        if (mean !== null)
          for (let row = 0; row < rows; row++) {
            const orders = this.ordersCount[row]!;
            out[row] = orders > 0 && this.totalSpent[row]! / orders > mean ? 1 : 0;
          }
        return out;
    }
  }

  /** Sets `out[row]` to what `keep` says of the row's orders within the days: their count, total and how many discounted. */
  private eachOrdersWithin(
    from: number,
    to: number,
    out: Uint8Array,
    keep: (count: number, spent: number, discounted: number) => boolean,
  ): void {
    for (let row = 0; row < out.length; row++) {
      this.seek(row);
      const { day, total, discounted } = this.columns;
      let count = 0;
      let spent = 0;
      let withDiscount = 0;
      for (let i = this.first; i < this.end; i++)
        if (day[i]! >= from && day[i]! <= to) {
          count++;
          spent += total[i]!;
          withDiscount += discounted[i]!;
        }
      out[row] = keep(count, spent, withDiscount) ? 1 : 0;
    }
  }

  /** The product rows whose type (or one of whose tags) is among `values`. */
  private productsMatching(field: 'productTags' | 'productTypes', values: readonly string[]): Uint8Array {
    const wanted = new Set(values.map(normaliseTag));
    const matching = new Uint8Array(this.productType.length);
    for (let product = 0; product < matching.length; product++) {
      const type = this.productType[product];
      const matches =
        field === 'productTypes' ? type != null && wanted.has(type) : this.productTags[product]!.some((tag) => wanted.has(tag));
      matching[product] = matches ? 1 : 0;
    }
    return matching;
  }

  private boughtProducts(matching: Uint8Array, from: number, to: number, out: Uint8Array): void {
    for (let row = 0; row < out.length; row++) {
      this.seek(row);
      const { day, productStart, products } = this.columns;
      for (let i = this.first; i < this.end && !out[row]; i++) {
        if (!(day[i]! >= from && day[i]! <= to)) continue;
        for (let p = productStart[i]!; p < productStart[i + 1]!; p++)
          if (matching[products[p]!]) {
            out[row] = 1;
            break;
          }
      }
    }
  }
}

/** A period's first and last day as day numbers, unbounded sides infinite. */
function bounds(days: Days): [number, number] {
  return [days.from ? epochDay(days.from) : -Infinity, days.to ? epochDay(days.to) : Infinity];
}

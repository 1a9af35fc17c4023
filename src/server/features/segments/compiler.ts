import type { IsoDate } from '../../../shared/date-ranges.ts';
import type { SegmentCondition, SegmentPeriod, SegmentRules } from '../../../shared/segments.ts';
import { countedOrder } from '../../platform/store-data/counted-orders.ts';
import { windowStart } from '../../platform/store-data/store-calendar.ts';

/*
 * One compiler from a segment's rule tree to one parameterised query over the store's customers, their
 * aggregates (customer_stats, kept by the dashboard's rollups) and, where a period or a product asks
 * for it, their counted orders. Every value is a parameter; nothing a merchant typed reaches the SQL
 * text. Each condition compiles to a predicate that is true or false, never null, so "is not" and "or"
 * mean what they say for customers without purchases. What reads orders over a period is a derived
 * table left-joined on the customer (a hash join at any size): under "or" and "not", `customer in
 * (subquery)` would become a subplan the database re-runs for every customer once the subquery's answer
 * outgrows its memory for hashing, which at 200,000 customers never ends.
 */

export interface CompileContext {
  storeId: number;
  /** Today on the store's calendar: relative periods end today. */
  today: IsoDate;
  timeZone: string;
  /**
   * The mean of the customers' average order values to compare with (numeric text; null: no customers).
   * Left out, the query computes it; a build passes the value it records beside the members.
   */
  storeAverage?: string | null;
}

export interface CompiledQuery {
  text: string;
  params: unknown[];
}

/** A period as the first and last day it covers (null: unbounded on that side). */
export interface Days {
  from: IsoDate | null;
  to: IsoDate | null;
}

export function daysOf(period: SegmentPeriod | undefined, today: IsoDate): Days {
  if (!period || period.kind === 'anytime') return { from: null, to: null };
  if (period.kind === 'between') return { from: period.from, to: period.to };
  return { from: windowStart(today, period.amount, period.unit), to: today };
}

export const unbounded = (days: Days) => days.from === null && days.to === null;

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/** Normalised as the conditions compare them: without case or surrounding spaces. */
export const normaliseTag = (value: string) => value.trim().toLowerCase();

class Compiler {
  private readonly params = new Params();
  private readonly store: string;
  private timeZoneParam: string | null = null;
  /** The customers to evaluate, when not the whole store. */
  private onlyParam: string | null = null;
  /** Derived tables over orders, one row per customer, left-joined as j1, j2…: see `joined`. */
  private readonly joins: string[] = [];

  constructor(private readonly context: CompileContext) {
    this.store = this.params.add(context.storeId, '::integer');
  }

  /** The store's time zone, as a parameter added only when a period needs it (an unused one has no type). */
  private get tz(): string {
    this.timeZoneParam ??= this.params.add(this.context.timeZone, '::text');
    return this.timeZoneParam;
  }

  compile(rules: SegmentRules, onlyCustomers?: readonly string[]): CompiledQuery {
    // Added first: the subqueries over orders read it too, so evaluating a few customers reads their
    // orders only, not the whole store's.
    if (onlyCustomers) this.onlyParam = this.params.add(onlyCustomers, '::bigint[]');
    const predicate = this.join(
      rules.join,
      rules.blocks.map((block) =>
        this.join(
          block.join,
          block.conditions.map((condition) => this.condition(condition)),
        ),
      ),
    );
    const only = this.onlyParam ? `and c.external_id = any(${this.onlyParam})` : '';
    return {
      text: `select c.external_id::text as customer, coalesce(s.orders_count, 0) as orders, coalesce(s.total_spent, 0) as income
               from customers c
               left join customer_stats s on s.store_id = c.store_id and s.customer_external_id = c.external_id
               ${this.joins.join('\n               ')}
              where c.store_id = ${this.store} ${only} and ${predicate}`,
      params: this.params.values,
    };
  }

  private join(join: 'and' | 'or', predicates: string[]): string {
    return predicates.length === 1 ? predicates[0]! : `(${predicates.join(` ${join} `)})`;
  }

  /**
   * Left-joins `select`, which answers at most one row per customer in a `customer` column, and returns
   * its alias: customers it has no row for see nulls there.
   */
  private joined(select: string): string {
    const alias = `j${this.joins.length + 1}`;
    this.joins.push(`left join (${select}) ${alias} on ${alias}.customer = c.external_id`);
    return alias;
  }

  private condition(condition: SegmentCondition): string {
    const holds = this.holds(condition);
    const negated = condition.operator === 'isNot' || condition.operator === 'notHas';
    return negated ? `not ${holds}` : holds;
  }

  /** The condition's positive form ("is", "has", "from / to"), as a predicate that is never null. */
  private holds(condition: SegmentCondition): string {
    switch (condition.field) {
      case 'purchase':
        return this.purchased(daysOf(condition.period, this.context.today));
      case 'firstPurchase':
        return this.between('s.first_order_day', daysOf(condition.period, this.context.today));
      case 'productTags':
      case 'productTypes':
        return this.boughtProducts(condition.field, condition.values, daysOf(condition.period, this.context.today));
      case 'customerTags':
        return `coalesce(exists (select 1 from jsonb_array_elements_text(c.tags) as t(tag)
                                  where lower(btrim(t.tag)) = any(${this.params.add(condition.values.map(normaliseTag), '::text[]')})), false)`;
      case 'purchaseType':
        return this.purchaseType(condition.value, daysOf(condition.period, this.context.today));
      case 'ordersCount':
      case 'totalSpent':
        return this.range(condition.field, condition.from, condition.to, daysOf(condition.period, this.context.today));
      case 'averageOrderValue': {
        // The mean of the customers' averages, divided as the dashboard divides it (numeric in SQL).
        const mean =
          this.context.storeAverage === undefined
            ? `(select ${STORE_AVERAGE} from customer_stats a where a.store_id = ${this.store})`
            : this.params.add(this.context.storeAverage, '::numeric');
        return `coalesce(s.total_spent / s.orders_count > ${mean}, false)`;
      }
    }
  }

  /** A customer_stats day column within `days`; false without purchases. */
  private between(column: string, days: Days): string {
    const bounds = [`${column} is not null`];
    if (days.from) bounds.push(`${column} >= ${this.params.add(days.from, '::date')}`);
    if (days.to) bounds.push(`${column} <= ${this.params.add(days.to, '::date')}`);
    return `coalesce(${bounds.join(' and ')}, false)`;
  }

  /** The counted orders placed within `days` (store calendar), on `o`, of the customers evaluated. */
  private ordersWithin(days: Days): string {
    const bounds = [`o.store_id = ${this.store}`, 'o.customer_external_id is not null', countedOrder('o.')];
    if (this.onlyParam) bounds.push(`o.customer_external_id = any(${this.onlyParam})`);
    if (days.from) bounds.push(`o.placed_at >= (${this.params.add(days.from, '::date')}::timestamp at time zone ${this.tz})`);
    if (days.to) bounds.push(`o.placed_at < ((${this.params.add(days.to, '::date')} + 1)::timestamp at time zone ${this.tz})`);
    return bounds.join(' and ');
  }

  private purchased(days: Days): string {
    if (unbounded(days)) return 's.customer_external_id is not null';
    // A window that reaches today is a look at the newest purchase; any other reads the buying days.
    if (days.to === this.context.today && days.from) return this.between('s.last_order_day', days);
    const day = [`d.store_id = ${this.store}`];
    if (this.onlyParam) day.push(`d.customer_external_id = any(${this.onlyParam})`);
    if (days.from) day.push(`d.day >= ${this.params.add(days.from, '::date')}`);
    if (days.to) day.push(`d.day <= ${this.params.add(days.to, '::date')}`);
    const bought = this.joined(`select distinct d.customer_external_id as customer from customer_order_days d where ${day.join(' and ')}`);
    return `${bought}.customer is not null`;
  }

  private boughtProducts(field: 'productTags' | 'productTypes', values: readonly string[], days: Days): string {
    const wanted = this.params.add(values.map(normaliseTag), '::text[]');
    const product =
      field === 'productTypes'
        ? `lower(btrim(p.product_type)) = any(${wanted})`
        : `exists (select 1 from jsonb_array_elements_text(p.tags) as t(tag) where lower(btrim(t.tag)) = any(${wanted}))`;
    const bought = this.joined(`
      select distinct o.customer_external_id as customer
        from orders o
        join order_line_items l on l.store_id = o.store_id and l.order_external_id = o.external_id
       where ${this.ordersWithin(days)}
         and l.product_external_id in (select p.external_id from products p where p.store_id = ${this.store} and ${product})`);
    return `${bought}.customer is not null`;
  }

  private purchaseType(value: 'withDiscount' | 'withoutDiscount', days: Days): string {
    if (unbounded(days))
      return value === 'withDiscount'
        ? 'coalesce(s.discounted_orders = s.orders_count, false)'
        : 'coalesce(s.discounted_orders = 0, false)';
    const every = value === 'withDiscount' ? 'o.discount_total > 0' : 'o.discount_total <= 0';
    const orders = this.joined(
      `select o.customer_external_id as customer, bool_and(${every}) as every from orders o where ${this.ordersWithin(days)} group by 1`,
    );
    // Without purchases in the period there is no row, and the customer is not kept.
    return `coalesce(${orders}.every, false)`;
  }

  /** Purchases in `days`, their count or their total, from `from` to `to` (both included). */
  private range(field: 'ordersCount' | 'totalSpent', from: number | undefined, to: number | undefined, days: Days): string {
    const bounds = (value: string) => {
      if (from !== undefined && to !== undefined)
        return `${value} between ${this.params.add(from, '::numeric')} and ${this.params.add(to, '::numeric')}`;
      if (from !== undefined) return `${value} >= ${this.params.add(from, '::numeric')}`;
      if (to !== undefined) return `${value} <= ${this.params.add(to, '::numeric')}`;
      return 'true';
    };
    if (unbounded(days)) {
      const value = field === 'ordersCount' ? 'coalesce(s.orders_count, 0)' : 'coalesce(s.total_spent, 0)';
      return `(${bounds(value)})`;
    }
    const orders = this.joined(
      `select o.customer_external_id as customer, count(*) as orders, sum(o.total_amount) as spent
         from orders o where ${this.ordersWithin(days)} group by 1`,
    );
    // Customers without purchases in the period count 0 of both.
    return `(${bounds(`coalesce(${orders}.${field === 'ordersCount' ? 'orders' : 'spent'}, 0)`)})`;
  }
}

/** The store average over `customer_stats a`, as the rules compare with it. */
export const STORE_AVERAGE = 'sum(a.total_spent / a.orders_count) / count(*)';

/**
 * The query listing the customers `rules` match: `customer` (the platform's id as text), with their
 * counted `orders` and `income` all time (0 without purchases).
 */
export function compileSegment(rules: SegmentRules, context: CompileContext, onlyCustomers?: readonly string[]): CompiledQuery {
  return new Compiler(context).compile(rules, onlyCustomers);
}

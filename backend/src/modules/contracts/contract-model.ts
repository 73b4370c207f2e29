import {
  type ContractActions,
  type ContractDto,
  type ContractOptionItemDto,
  PACKAGES,
  type PackageType,
  PRACTICE_CONTRACT,
  type ProductCatalogue,
  type ShopProductDto,
} from '@mediport/contracts/shop';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { contractPolicy, type ContractSubject } from '../../core/permissions/policies/index.js';
import { addDays, cancellationDeadline, germanDate, nthTerm } from './contract-terms.js';
import type { ContractItemInsert, ContractItemRow, ContractRecord, ContractRow, ShopProductRow } from './contracts.repository.js';

/**
 * The contract's rules that do not need the database: prices, who is on which side, whether a
 * term change or a takeover request is pending, what the caller may do now, and the answer's shape.
 */

/** `{contractId}_{debtorId}` */
export function publicId(row: Pick<ContractRow, 'contractNo' | 'debtorId'>): string {
  return `${row.contractNo}_${row.debtorId}`;
}

export function subjectOf(row: Pick<ContractRow, 'id' | 'homeId' | 'doctorId'>): ContractSubject {
  return { id: row.id, home: row.homeId, doctor: row.doctorId };
}

export function catalogueOf(row: Pick<ContractRow, 'doctorId'>): ProductCatalogue {
  return row.doctorId ? 'doctor' : 'office';
}

/** Cents per month of a package: a practice's fixed price; per home / service or flat for the others. */
export function packagePrice(row: Pick<ContractRow, 'doctorId'>, type: PackageType, units: number): number {
  if (row.doctorId) return PRACTICE_CONTRACT.price;
  const offer = PACKAGES.find((p) => p.type === type)!;
  return offer.perUnit ? offer.price * Math.max(1, units) : offer.price;
}

/** The caller's side of a contract: its partner (the home's / practice's users), the pharmacy (pharmacy staff, administrators), or none. */
export type Side = 'partner' | 'pharma' | null;

export function sideOf(auth: AuthContext, row: Pick<ContractRow, 'homeId' | 'doctorId'>): Side {
  const user = auth.user;
  if ((row.homeId && user.homeId === row.homeId) || (row.doctorId && user.doctorId === row.doctorId)) return 'partner';
  if (user.roles.includes('ROLE_PHARMA') || user.roles.includes('ROLE_ADMIN')) return 'pharma';
  return null;
}

/** The caller's side pays the contract (administrators act for every payer). */
export function isOwnContract(auth: AuthContext, row: Pick<ContractRow, 'type' | 'homeId' | 'doctorId'>): boolean {
  const user = auth.user;
  if (user.roles.includes('ROLE_ADMIN')) return true;
  switch (row.type) {
    case 'ROLE_PHARMA':
      return user.roles.includes('ROLE_PHARMA');
    case 'ROLE_HOME':
      return !!row.homeId && user.homeId === row.homeId;
    case 'ROLE_DOCTOR':
      return !!row.doctorId && user.doctorId === row.doctorId;
  }
}

export function changePending(row: Pick<ContractRow, 'nextRuntime' | 'nextType' | 'runtime' | 'productType'>): boolean {
  return !!row.nextRuntime && (row.nextRuntime !== row.runtime || row.nextType !== row.productType);
}

/**
 * A pending takeover request seen from either of its two contracts: the contract taken over (its
 * state names who asked) and the partner's new one (state new, validity still missing). Null when
 * none is pending.
 */
export function pendingRequest(row: ContractRecord): { requestedBy: 'partner' | 'pharma' } | null {
  if (!row.contractRefId) return null;
  const requestState = row.state === 'new' ? row.refState : row.state;
  if (requestState === 'adoption_request') return { requestedBy: 'partner' };
  if (requestState === 'adoption_request_pharma') return { requestedBy: 'pharma' };
  return null;
}

/**
 * Who would ask for a takeover of this contract: the partner (its contract paid by the pharmacy)
 * or the pharmacy (asking the partner to pay its contract); null when the caller cannot ask.
 */
export function adoptionDirection(auth: AuthContext, row: ContractRecord): 'partner' | 'pharma' | null {
  const side = sideOf(auth, row);
  if (side === 'partner' && row.type === 'ROLE_PHARMA') return 'partner';
  if (side === 'pharma' && row.type === 'ROLE_PHARMA' && (row.homeId || row.doctorId)) return 'pharma';
  return null;
}

export function actionsFor(auth: AuthContext, row: ContractRecord): ContractActions {
  const subject = subjectOf(row);
  const canEdit = contractPolicy.can(auth, 'update', subject);
  const canAdopt = contractPolicy.can(auth, 'adopt', subject);
  const own = isOwnContract(auth, row);
  const pending = changePending(row);
  const editable = canEdit && own && row.state === 'booked';
  const request = pendingRequest(row);
  const side = sideOf(auth, row);
  const answering = !!request && side !== null && side !== request.requestedBy;
  const requesting = !!request && side === request.requestedBy;
  return {
    shop: editable && !pending,
    runtimeChange: editable && !pending,
    revert: editable && pending,
    cancel: editable && !pending,
    requestAdoption: canAdopt && row.state === 'booked' && row.withLogin && !pending && adoptionDirection(auth, row) !== null,
    accept: canAdopt && answering,
    reject: canAdopt && answering,
    withdraw: canAdopt && requesting,
  };
}

/** An item runs until its last day (validTo); items that ended before `today` are history. */
export function itemRunning(item: Pick<ContractItemRow, 'validTo'>, today: string): boolean {
  return !item.validTo || item.validTo >= today;
}

export function itemDto(item: ContractItemRow): ContractOptionItemDto {
  return {
    _id: item.itemKey,
    product: item.product,
    title: item.title,
    shopTitle: item.shopTitle,
    bookedAt: item.bookedAt.toISOString(),
    interval: item.interval,
    price: item.price,
    validTo: germanDate(item.validTo),
    required: item.required,
    priceFormula: item.priceFormula,
    description: item.description,
  };
}

export function productDto(row: ShopProductRow): ShopProductDto {
  return {
    name: row.name,
    catalogue: row.catalogue,
    title: row.title,
    shopTitle: row.shopTitle,
    description: row.description,
    price: row.price,
    priceFormula: row.priceFormula,
    interval: row.interval,
    required: row.required,
  };
}

export function contractDto(auth: AuthContext, row: ContractRecord, items: ContractItemRow[], managers: string[], today: string): ContractDto {
  const running = items.filter((i) => itemRunning(i, today));
  const pending = changePending(row);
  const nextTerm = pending && row.validTo ? nthTerm(addDays(row.validTo, 1), row.nextRuntime!, 0) : null;
  return {
    _id: publicId(row),
    contractId: String(row.contractNo),
    debtorId: row.debtorId,
    company: row.company,
    version: row.version,
    state: row.state,
    type: row.type,
    product: { runtime: row.runtime, type: row.productType },
    runtime: row.runtime,
    validFrom: germanDate(row.validFrom),
    validTo: germanDate(row.validTo),
    cancellationDeadline: row.state === 'booked' && row.validTo ? germanDate(cancellationDeadline(row.validTo)) : null,
    canceledAt: row.canceledAt?.toISOString() ?? null,
    withLogin: row.withLogin,
    assumptionOfCosts: row.assumptionOfCosts,
    ownContract: isOwnContract(auth, row),
    home: row.homeId,
    doctor: row.doctorId,
    partnerName: row.homeName ?? row.doctorName ?? '',
    catalogue: catalogueOf(row),
    units: row.units,
    basePrice: row.basePrice,
    optionPrice: running.reduce((sum, i) => sum + i.price, 0),
    invoice: { sub: { base: row.basePrice } },
    items: running.map(itemDto),
    nextContract:
      pending && nextTerm
        ? {
            product: { runtime: row.nextRuntime!, type: row.nextType ?? row.productType },
            validFrom: germanDate(nextTerm.validFrom),
            validTo: germanDate(nextTerm.validTo),
            basePrice: packagePrice(row, row.nextType ?? row.productType, row.units),
          }
        : null,
    prevContract: row.prevNo !== null ? `${row.prevNo}_${row.prevDebtor}` : null,
    contractRef: row.refNo !== null ? `${row.refNo}_${row.refDebtor}` : null,
    managers,
    actions: actionsFor(auth, row),
  };
}

/** What booking copies from a product. */
export type ProductOffer = Pick<ShopProductRow, 'name' | 'title' | 'shopTitle' | 'description' | 'priceFormula' | 'interval' | 'price'> & { required?: boolean };

/** The option row for a product booked on a contract (the product's terms as of `bookedAt`). */
export function itemOf(product: ProductOffer, contractId: string, itemKey: string, bookedAt: Date): ContractItemInsert {
  return {
    contractId,
    itemKey,
    product: product.name,
    title: product.title,
    shopTitle: product.shopTitle,
    description: product.description,
    priceFormula: product.priceFormula,
    interval: product.interval,
    price: product.price,
    required: product.required ?? false,
    bookedAt,
  };
}

import { Injectable, Logger } from '@nestjs/common';
import {
  type AdoptionRefusal,
  CONTRACT_ID_PATTERN,
  CONTRACT_MESSAGES as M,
  CONTRACT_RUNTIMES,
  type ContractActionResponse,
  type ContractAdoptionResponse,
  type ContractDto,
  type ContractListResponse,
  type ContractOptionChange,
  type ContractRuntime,
  type ContractUpdateRequest,
  DEBTOR_ID_PATTERN,
  formatCents,
  PACKAGE_TYPES,
  type PackageType,
  packagesFor,
  type ProductCatalogue,
  productOffered,
  type ShopProductDto,
} from '@mediport/contracts/shop';
import type { ApiErrorEntry } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { SessionEvents } from '../../core/auth/session-events.js';
import { AuditService } from '../../core/audit/audit.service.js';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { OutboxService } from '../../core/outbox/outbox.service.js';
import { contractInForce } from '../../core/permissions/contract-rights.js';
import { contractPolicy, userPolicy } from '../../core/permissions/policies/index.js';
import { MeetingsRepository } from '../meetings/meetings.repository.js';
import {
  adoptionDirection,
  catalogueOf,
  changePending,
  contractDto,
  isOwnContract,
  itemOf,
  itemRunning,
  packagePrice,
  pendingRequest,
  productDto,
  publicId,
  sideOf,
  subjectOf,
} from './contract-model.js';
import { addDays, cancellationEnd, germanDate, optionEnd, termOn } from './contract-terms.js';
import { type ContractItemRow, type ContractListOptions, type ContractRecord, type ContractRow, ContractsRepository, type ShopProductRow } from './contracts.repository.js';

/** A refusal of the state machine: the outcome's message, with the reason when there is one. */
function refused(message: string, detail?: string): AppError {
  return new AppError(409, [{ code: 'contract_state', message: detail ? `${message} ${detail}` : message }]);
}

function invalid(errors: ApiErrorEntry[]): AppError {
  return AppError.badRequest(errors);
}

const OPTION_ID = /^[a-z0-9][a-z0-9-]{0,59}$/;
const MAX_OPTIONS = 50;
/** Idempotency keys are kept this long. */
const REQUEST_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Contracts and the shop: the state machine of the spec with every precondition and message,
 * renewals from the application's Clock (lazily on every read and write, and nightly by
 * ContractsJob), the takeover between a home / practice and the pharmacy with the other party told
 * by e-mail through the outbox, and the rights of the partner's users following the contract at
 * once (SessionEvents.userChanged: their next request and their open pages re-read them).
 */
@Injectable()
export class ContractsService {
  private readonly logger = new Logger('Contracts');

  constructor(
    private readonly repo: ContractsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly sessionEvents: SessionEvents,
    private readonly audit: AuditService,
    private readonly meetings: MeetingsRepository,
  ) {}

  today(): string {
    return berlinDate(this.clock.now());
  }

  // ---- reads ----

  async list(auth: AuthContext, query: Omit<ContractListOptions, 'scope'>): Promise<ContractListResponse> {
    const today = await this.renewDue();
    const { rows, count } = await this.repo.list({ ...query, scope: contractPolicy.where(auth, 'read') });
    const data = await this.dtos(auth, rows, today);
    const catalogues = [...new Set(rows.map(catalogueOf))];
    const products = catalogues.length ? (await this.repo.products()).filter((p) => catalogues.includes(p.catalogue)) : [];
    return { data, count, possibleOptions: products.map(productDto) };
  }

  async get(auth: AuthContext, id: string): Promise<ContractDto> {
    const today = await this.renewDue();
    const row = await this.load(auth, id, 'read');
    return (await this.dtos(auth, [row], today))[0]!;
  }

  /** GET /api/contracts/find?home=: the home's contract (the one in force first); 404 without one. */
  async findForHome(auth: AuthContext, homeId: string): Promise<ContractDto> {
    const today = await this.renewDue();
    if (!contractPolicy.can(auth, 'read', { id: '', home: homeId, doctor: null })) throw AppError.notFound();
    const rows = (await this.repo.forHome(homeId)).filter((r) => contractPolicy.can(auth, 'read', subjectOf(r)));
    const row = rows.find((r) => contractInForce(r, today)) ?? rows[0];
    if (!row) throw new AppError(404, [{ code: 'not_found', message: M.noContract }]);
    return (await this.dtos(auth, [row], today))[0]!;
  }

  /**
   * GET /api/contracts/has: whether a contract unlocks the home's or doctor's users. Asked by the
   * user form (chargeable flag) for a home / doctor the caller may assign users to, and by whoever
   * sees that party's contracts; anything else is 404.
   */
  async has(auth: AuthContext, owner: { home?: string; doctor?: string }): Promise<boolean> {
    const today = await this.renewDue();
    const assignee = { id: '', home: owner.home ?? null, doctor: owner.doctor ?? null, roles: [], status: '' };
    const visible =
      userPolicy.can(auth, 'create', assignee) ||
      userPolicy.can(auth, 'update', assignee) ||
      contractPolicy.can(auth, 'read', { id: '', home: owner.home ?? null, doctor: owner.doctor ?? null });
    if (!visible) throw AppError.notFound();
    return this.repo.exists(owner, today);
  }

  async products(catalogue: ProductCatalogue): Promise<ShopProductDto[]> {
    return (await this.repo.products(catalogue)).map(productDto);
  }

  // ---- PUT /api/contracts/{id} ----

  async update(auth: AuthContext, id: string, body: ContractUpdateRequest): Promise<ContractActionResponse> {
    const forms = [body.options !== undefined, body.action !== undefined, body.change !== undefined].filter(Boolean).length;
    if (forms !== 1) throw invalid([{ path: 'action', code: 'invalid', message: M.unknownAction }]);
    if (body.change !== undefined) {
      if (!body.change || typeof body.change !== 'object' || (body.change as { contract?: unknown }).contract !== 'canceled') {
        throw invalid([{ path: 'change.contract', code: 'invalid', message: M.unknownAction }]);
      }
      return this.write(auth, id, 'update', body.idempotencyKey, (row, today, now) => this.cancel(auth, row, today, now));
    }
    if (body.options !== undefined) {
      const changes = this.checkOptions(body.options);
      return this.write(auth, id, 'update', body.idempotencyKey, (row, today, now) => this.changeOptions(auth, row, changes, today, now));
    }
    switch (body.action) {
      case 'runtime_change': {
        const product = this.checkProduct(body.product);
        return this.write(auth, id, 'update', body.idempotencyKey, (row) => this.changeRuntime(auth, row, product));
      }
      case 'revert_contract':
        return this.write(auth, id, 'update', body.idempotencyKey, (row) => this.revert(auth, row));
      case 'cancel_contract':
        return this.write(auth, id, 'update', body.idempotencyKey, (row, today, now) => this.cancel(auth, row, today, now));
      default:
        throw invalid([{ path: 'action', code: 'invalid', message: M.unknownAction }]);
    }
  }

  private checkOptions(value: unknown): ContractOptionChange[] {
    if (!Array.isArray(value) || value.length === 0) throw invalid([{ path: 'options', code: 'invalid', message: M.noOptions }]);
    if (value.length > MAX_OPTIONS) throw invalid([{ path: 'options', code: 'invalid', message: M.optionsNotBooked }]);
    const errors: ApiErrorEntry[] = [];
    value.forEach((entry: unknown, i) => {
      const e = entry as { action?: unknown; _id?: unknown } | null;
      if (!e || typeof e !== 'object' || Array.isArray(e)) errors.push({ path: `options.${i}`, code: 'invalid', message: M.unknownAction });
      else if (e.action !== 'book' && e.action !== 'cancel' && e.action !== 'revoke') errors.push({ path: `options.${i}.action`, code: 'invalid', message: M.unknownAction });
      else if (typeof e._id !== 'string' || !OPTION_ID.test(e._id)) errors.push({ path: `options.${i}._id`, code: 'invalid', message: e.action === 'book' ? M.unknownProduct : M.unknownOption });
    });
    if (errors.length) throw invalid(errors);
    const changes = value as ContractOptionChange[];
    if (new Set(changes.map((c) => c.action)).size > 1) throw invalid([{ path: 'options', code: 'invalid', message: M.mixedActions }]);
    return changes;
  }

  private checkProduct(value: unknown): { runtime: ContractRuntime; type: PackageType } {
    const p = value as { runtime?: unknown; type?: unknown } | null | undefined;
    const errors: ApiErrorEntry[] = [];
    if (!p || typeof p !== 'object' || Array.isArray(p)) throw invalid([{ path: 'product', code: 'invalid', message: M.runtime }]);
    if (!(CONTRACT_RUNTIMES as readonly unknown[]).includes(p.runtime)) errors.push({ path: 'product.runtime', code: 'invalid', message: M.runtime });
    if (!(PACKAGE_TYPES as readonly unknown[]).includes(p.type)) errors.push({ path: 'product.type', code: 'invalid', message: M.packageType });
    if (errors.length) throw invalid(errors);
    return { runtime: p.runtime as ContractRuntime, type: p.type as PackageType };
  }

  /** Shop preconditions: an own contract, booked, no term change pending. */
  private assertShop(auth: AuthContext, row: ContractRecord, message: string): void {
    if (!isOwnContract(auth, row)) throw refused(message, M.notOwnContract);
    if (row.state !== 'booked') throw refused(message, M.stateNotBooked);
    if (changePending(row)) throw refused(message, M.changePending);
  }

  private async changeOptions(auth: AuthContext, row: ContractRecord, changes: ContractOptionChange[], today: string, now: Date): Promise<ContractActionResponse> {
    const action = changes[0]!.action;
    const failure = action === 'book' ? M.optionsNotBooked : action === 'cancel' ? M.optionsNotCanceled : M.optionNotRevoked;
    this.assertShop(auth, row, failure);
    const items = await this.repo.items([row.id]);
    if (action === 'book') {
      const catalogue = catalogueOf(row);
      const products = new Map((await this.repo.products()).map((p) => [p.name, p]));
      const chosen: ShopProductRow[] = [];
      const errors: ApiErrorEntry[] = [];
      changes.forEach((c, i) => {
        const product = products.get(c._id);
        if (!product) errors.push({ path: `options.${i}._id`, code: 'invalid', message: `${M.optionsNotBooked} ${M.unknownProduct}` });
        else if (!productOffered(product, { catalogue, home: row.homeId, doctor: row.doctorId })) errors.push({ path: `options.${i}._id`, code: 'invalid', message: `${M.optionsNotBooked} ${M.wrongCatalogue}` });
        else if (product.required) errors.push({ path: `options.${i}._id`, code: 'invalid', message: `${M.optionsNotBooked} ${M.requiredOption}` });
        else if (product.interval === 'once' && (chosen.some((p) => p.name === product.name) || items.some((item) => item.product === product.name))) {
          errors.push({ path: `options.${i}._id`, code: 'once_only', message: `${M.optionsNotBooked} ${M.onceBooked}` });
        } else chosen.push(product);
      });
      if (errors.length) throw new AppError(errors.some((e) => e.code === 'once_only') ? 409 : 400, errors);
      const taken = new Set(await this.repo.itemKeysOfNumber(row.contractNo));
      const rows = chosen.map((product) => {
        let key = product.name;
        for (let n = 2; taken.has(key); n++) key = `${product.name}-${n}`;
        taken.add(key);
        return itemOf(product, row.id, key, now);
      });
      await this.repo.insertItems(rows);
      // A webinar booked is a meeting of the contract's party, planned until a date is set.
      const meetingRows = rows
        .filter((r) => products.get(r.product)!.meeting)
        .map((r) => ({
          contractId: String(row.contractNo),
          optionId: r.itemKey,
          homeId: row.homeId,
          doctorId: row.doctorId,
          company: row.homeName ?? row.doctorName ?? row.company,
          title: r.title,
          type: 'webinar',
          description: r.description,
          bookedAt: now,
        }));
      await this.meetings.insertMany(meetingRows);
      await this.audit.recordBy(auth, { action: 'contract.options_book', target: row.id, meta: { options: rows.map((r) => r.itemKey) } });
      return this.answer(auth, row.id, M.optionsBooked, today);
    }
    const byKey = new Map(items.map((i) => [i.itemKey, i]));
    const targets: ContractItemRow[] = [];
    const errors: ApiErrorEntry[] = [];
    changes.forEach((c, i) => {
      const item = byKey.get(c._id);
      const path = `options.${i}._id`;
      if (!item || !itemRunning(item, today)) errors.push({ path, code: 'invalid', message: `${failure} ${M.unknownOption}` });
      else if (action === 'cancel' && item.required) errors.push({ path, code: 'contract_state', message: `${failure} ${M.requiredOption}` });
      else if (action === 'cancel' && item.interval === 'once') errors.push({ path, code: 'contract_state', message: `${failure} ${M.onceNotCancelable}` });
      else if (action === 'cancel' && item.validTo) errors.push({ path, code: 'contract_state', message: `${failure} ${M.alreadyCanceled}` });
      else if (action === 'revoke' && !item.validTo) errors.push({ path, code: 'contract_state', message: `${failure} ${M.notCanceledOption}` });
      else if (targets.includes(item)) errors.push({ path, code: 'invalid', message: failure });
      else targets.push(item);
    });
    if (errors.length) throw new AppError(errors.some((e) => e.code === 'invalid') ? 400 : 409, errors);
    for (const item of targets) {
      if (action === 'cancel') await this.repo.updateItem(item.id, { validTo: optionEnd(berlinDate(item.bookedAt), item.interval as '1 month' | '12 months', today), canceledAt: now });
      else await this.repo.updateItem(item.id, { validTo: null, canceledAt: null });
    }
    await this.audit.recordBy(auth, { action: action === 'cancel' ? 'contract.options_cancel' : 'contract.options_revoke', target: row.id, meta: { options: targets.map((t) => t.itemKey) } });
    return this.answer(auth, row.id, action === 'cancel' ? M.optionCanceled : M.optionRevoked, today);
  }

  private async changeRuntime(auth: AuthContext, row: ContractRecord, product: { runtime: ContractRuntime; type: PackageType }): Promise<ContractActionResponse> {
    const today = this.today();
    if (!packagesFor({ home: row.homeId, doctor: row.doctorId }).some((p) => p.type === product.type)) {
      throw invalid([{ path: 'product.type', code: 'invalid', message: `${M.runtimeNotChanged} ${M.packageNotOffered}` }]);
    }
    this.assertShop(auth, row, M.runtimeNotChanged);
    if (product.runtime === row.runtime && product.type === row.productType) throw refused(M.runtimeNotChanged, M.sameProduct);
    await this.repo.update(row.id, { nextRuntime: product.runtime, nextType: product.type, modifiedBy: auth.userId });
    await this.audit.recordBy(auth, { action: 'contract.runtime_change', target: row.id, meta: { runtime: product.runtime, type: product.type } });
    return this.answer(auth, row.id, M.runtimeChanged, today);
  }

  private async revert(auth: AuthContext, row: ContractRecord): Promise<ContractActionResponse> {
    const today = this.today();
    if (!isOwnContract(auth, row)) throw refused(M.notReverted, M.notOwnContract);
    if (row.state !== 'booked') throw refused(M.notReverted, M.stateNotBooked);
    if (!changePending(row)) throw refused(M.notReverted, M.noChangePending);
    await this.repo.update(row.id, { nextRuntime: null, nextType: null, modifiedBy: auth.userId });
    await this.audit.recordBy(auth, { action: 'contract.revert', target: row.id });
    return this.answer(auth, row.id, M.reverted, today);
  }

  /** Cancels to the next possible date: the end of this term until the deadline, else the end of the next. */
  private async cancel(auth: AuthContext, row: ContractRecord, today: string, now: Date): Promise<ContractActionResponse> {
    if (!isOwnContract(auth, row)) throw refused(M.notCanceled, M.notOwnContract);
    if (row.state !== 'booked') throw refused(M.notCanceled, M.stateNotBooked);
    if (changePending(row)) throw refused(M.notCanceled, M.changePending);
    const term = { validFrom: row.validFrom!, validTo: row.validTo! };
    const end = cancellationEnd(row.startedOn ?? row.validFrom!, row.runtime, term, today);
    await this.repo.update(row.id, { state: 'canceled', validTo: end, canceledAt: now, modifiedBy: auth.userId }, { state: 'booked' });
    await this.audit.recordBy(auth, { action: 'contract.cancel', target: row.id, meta: { validTo: end } });
    return this.answer(auth, row.id, `${M.canceled} ${M.endsOn(germanDate(end)!)}`, today);
  }

  // ---- takeover ----

  /** POST /api/contracts/{id}/adoption: the partner asks to take the costs over, or the pharmacy asks the partner to. */
  async requestAdoption(auth: AuthContext, id: string, key: string | undefined): Promise<ContractAdoptionResponse> {
    return this.write(auth, id, 'adopt', key, async (row, today) => {
      if (row.state !== 'booked') throw refused(M.notRequested, M.stateNotBooked);
      if (!row.withLogin) throw refused(M.notRequested, M.noLogin);
      if (changePending(row)) throw refused(M.notRequested, M.changePending);
      if (!row.homeId && !row.doctorId) throw refused(M.notRequested, M.noPartner);
      const direction = adoptionDirection(auth, row);
      if (!direction) throw refused(M.notRequested, sideOf(auth, row) === 'partner' ? M.notOwnContract : undefined);
      const partner = row.homeId ? await this.repo.home(row.homeId) : await this.repo.doctor(row.doctorId!);
      if (!partner) throw AppError.notFound();
      const recipient = await this.otherParty(row, direction, partner);
      if (typeof recipient === 'string') throw new AppError(409, [{ code: recipient, message: M.cannotInform }]);
      const pharmacy = await this.repo.pharmacy();
      // The partner's contract: the same number, the partner's customer number, waiting for its answer.
      let debtorId = DEBTOR_ID_PATTERN.test(partner.debtorId) ? partner.debtorId : `${row.homeId ? 'H' : 'P'}${partner.id.slice(0, 8).toUpperCase()}`;
      if (debtorId === row.debtorId) debtorId = `${debtorId}-${row.homeId ? 'H' : 'P'}`;
      const runtime: ContractRuntime = row.doctorId ? 'year' : row.runtime;
      const type: PackageType = row.doctorId ? 'basic' : row.productType;
      const partnerId = await this.repo.insert({
        contractNo: row.contractNo,
        debtorId,
        company: companyOf(partner),
        type: row.homeId ? 'ROLE_HOME' : 'ROLE_DOCTOR',
        homeId: row.homeId,
        doctorId: row.doctorId,
        state: 'new',
        runtime,
        productType: type,
        units: row.units,
        basePrice: packagePrice(row, type, row.units),
        withLogin: true,
        assumptionOfCosts: true,
        prevContractId: row.id,
        contractRefId: row.id,
        modifiedBy: auth.userId,
      });
      await this.addRequiredItems(partnerId, catalogueOf(row));
      const changed = await this.repo.update(row.id, { state: direction === 'partner' ? 'adoption_request' : 'adoption_request_pharma', contractRefId: partnerId, modifiedBy: auth.userId }, { state: 'booked' });
      if (!changed) throw refused(M.notRequested, M.stateNotBooked);
      const partnerPublic = `${row.contractNo}_${debtorId}`;
      await this.outbox.enqueue({
        channel: 'email',
        idempotencyKey: `contract-adoption-${partnerId}`,
        reference: { kind: 'contract', id: row.id },
        createdBy: auth.userId,
        payload: this.requestMail(row, direction, recipient.email, partner.name, pharmacy.company, partnerPublic),
      });
      await this.audit.recordBy(auth, { action: 'contract.adoption_request', target: row.id, meta: { direction, partnerContract: partnerPublic } });
      const contract = (await this.dtos(auth, [(await this.repo.findById(row.id))!], today))[0]!;
      return { response: { success: true, message: M.requested, id: partnerPublic, contract } };
    });
  }

  /** The other party of a request and its address, or why it cannot be told. */
  private async otherParty(row: ContractRecord, direction: 'partner' | 'pharma', partner: { email: string }): Promise<{ email: string } | AdoptionRefusal> {
    if (direction === 'partner') {
      if ((await this.repo.pharmacyManagerCount()) === 0) return 'missing_manager';
      const { email } = await this.repo.pharmacy();
      return email ? { email } : 'missing_email';
    }
    const managers = await this.repo.managerNames({ homes: row.homeId ? [row.homeId] : [], doctors: row.doctorId ? [row.doctorId] : [] });
    if (!managers.length) return 'missing_manager';
    return partner.email ? { email: partner.email } : 'missing_email';
  }

  private requestMail(row: ContractRecord, direction: 'partner' | 'pharma', to: string, partnerName: string, pharmacyName: string, partnerPublic: string) {
    const id = publicId(row);
    const price = formatCents(packagePrice(row, row.doctorId ? 'basic' : row.productType, row.units));
    const where = 'Bitte bestätigen oder lehnen Sie die Anfrage im Medikationsportal unter Profil → Verträge ab.';
    const text =
      direction === 'partner'
        ? `${partnerName} möchte die Kosten des Vertrags ${id} übernehmen (${price} pro Monat, neuer Vertrag ${partnerPublic}).\n\n${where}`
        : `${pharmacyName || 'Die Apotheke'} bittet ${partnerName}, die Kosten des Vertrags ${id} zu übernehmen (${price} pro Monat, neuer Vertrag ${partnerPublic}).\n\n${where}`;
    return { to: [to], subject: `Anfrage zur Kostenübernahme: Vertrag ${id}`, text };
  }

  async acceptAdoption(auth: AuthContext, id: string, key: string | undefined): Promise<ContractActionResponse> {
    return this.answerRequest(auth, id, key, 'accept');
  }

  async rejectAdoption(auth: AuthContext, id: string, key: string | undefined): Promise<ContractActionResponse> {
    return this.answerRequest(auth, id, key, 'reject');
  }

  async withdrawAdoption(auth: AuthContext, id: string, key: string | undefined): Promise<ContractActionResponse> {
    return this.answerRequest(auth, id, key, 'withdraw');
  }

  private async answerRequest(auth: AuthContext, id: string, key: string | undefined, kind: 'accept' | 'reject' | 'withdraw'): Promise<ContractActionResponse> {
    const failure = kind === 'accept' ? M.notAccepted : kind === 'reject' ? M.notRejected : M.notWithdrawn;
    return this.write(auth, id, 'adopt', key, async (row, today) => {
      const request = pendingRequest(row);
      if (!request) throw refused(failure, M.noRequestPending);
      const side = sideOf(auth, row);
      if (kind === 'withdraw' ? side !== request.requestedBy : side === request.requestedBy || side === null) {
        throw refused(failure, kind === 'withdraw' ? M.otherSideWithdraws : M.otherSideAnswers);
      }
      // Both contracts of the request, locked: the one taken over and the partner's new one.
      const taken = row.state === 'new' ? await this.repo.findById(row.contractRefId!, { lock: true }) : row;
      const partner = row.state === 'new' ? row : await this.repo.findById(row.contractRefId!, { lock: true });
      if (!taken || !partner || (partner.state !== 'new' && partner.validFrom)) throw refused(failure, M.noRequestPending);
      if (kind === 'accept') {
        const term = termOn(today, partner.runtime, today);
        await this.repo.update(partner.id, { state: 'booked', startedOn: today, validFrom: term.validFrom, validTo: term.validTo, modifiedBy: auth.userId });
        await this.repo.update(taken.id, { state: 'adoption', modifiedBy: auth.userId });
      } else {
        await this.repo.update(taken.id, { state: 'booked', contractRefId: null, modifiedBy: auth.userId });
        await this.repo.delete(partner.id);
      }
      await this.audit.recordBy(auth, { action: `contract.adoption_${kind}`, target: taken.id, meta: { partnerContract: publicId(partner) } });
      const message = kind === 'accept' ? M.accepted : kind === 'reject' ? M.rejected : M.withdrawn;
      const shown = kind === 'accept' ? partner.id : taken.id;
      const response = await this.answer(auth, shown, message, today);
      // The partner's users: their rights follow the contract on their next request and open pages.
      const users = kind === 'accept' ? await this.repo.userIdsOf({ home: partner.homeId, doctor: partner.doctorId }) : [];
      return { response, after: () => users.forEach((u) => this.sessionEvents.userChanged(u)) };
    });
  }

  // ---- renewal ----

  /**
   * Renews the running contracts whose term ended before today (the day after the end): the next
   * term, with a pending term change applied from its first day (the ending term goes to the
   * contract's term history first). Answers today. Idempotent and safe on several instances (rows
   * another one is renewing are skipped).
   */
  async renewDue(): Promise<string> {
    const today = this.today();
    await this.unitOfWork.run(async () => {
      for (const row of await this.repo.dueForRenewal(today)) {
        const patch = this.renewal(row, today);
        // A term change overwrites runtime, package and price: the ending term is kept as it ran.
        if (changePending(row) && row.validTo) {
          await this.repo.insertTerm({ contractId: row.id, runtime: row.runtime, productType: row.productType, basePrice: row.basePrice, validFrom: row.startedOn ?? row.validFrom ?? row.validTo, validTo: row.validTo });
        }
        await this.repo.update(row.id, patch);
      }
    });
    return today;
  }

  private renewal(row: ContractRow, today: string): Partial<ContractRow> {
    let startedOn = row.startedOn ?? row.validFrom ?? today;
    let runtime = row.runtime;
    let productType = row.productType;
    if (changePending(row) && row.validTo) {
      startedOn = addDays(row.validTo, 1);
      runtime = row.nextRuntime!;
      productType = row.nextType ?? row.productType;
    }
    const term = termOn(startedOn, runtime, today);
    return { startedOn, runtime, productType, basePrice: packagePrice(row, productType, row.units), validFrom: term.validFrom, validTo: term.validTo, nextRuntime: null, nextType: null };
  }

  /**
   * The nightly pass (ContractsJob): renewals, and the users of contracts whose last day was
   * yesterday re-read their rights now (without it they would on their next request, and open
   * pages within the socket sweep).
   */
  async nightly(): Promise<void> {
    const today = await this.renewDue();
    const ended = await this.repo.endedOn(addDays(today, -1));
    for (const row of ended) {
      for (const user of await this.repo.userIdsOf({ home: row.homeId, doctor: row.doctorId })) this.sessionEvents.userChanged(user);
    }
    await this.repo.forgetRequests(new Date(this.clock.now().getTime() - REQUEST_MEMORY_MS));
    if (ended.length) this.logger.log(`${ended.length} cancelled contract(s) ended yesterday.`);
  }

  // ---- helpers ----

  private async addRequiredItems(contractId: string, catalogue: ProductCatalogue): Promise<void> {
    const required = (await this.repo.products(catalogue)).filter((p) => p.required);
    await this.repo.insertItems(required.map((p) => itemOf(p, contractId, p.name, this.clock.now())));
  }

  /** The contract a route names, checked against the policy (404 / 403) and locked for a write. */
  private async load(auth: AuthContext, id: string, action: 'read' | 'update' | 'adopt', lock = false): Promise<ContractRecord> {
    const parsed = parseContractId(id);
    const row = parsed ? await this.repo.findByNumber(parsed.contractNo, parsed.debtorId, { lock }) : null;
    if (!row) throw AppError.notFound();
    contractPolicy.assert(auth, action, subjectOf(row));
    return row;
  }

  /**
   * One write: renewal first, then the contract loaded, checked and locked, the change, all in one
   * transaction; a repeated idempotency key answers the first answer. `after` runs once committed.
   */
  private async write<T>(
    auth: AuthContext,
    id: string,
    action: 'update' | 'adopt',
    key: string | undefined,
    work: (row: ContractRecord, today: string, now: Date) => Promise<T | { response: T; after?: () => void }>,
  ): Promise<T> {
    await this.renewDue();
    return this.unitOfWork.run(async () => {
      const today = this.today();
      const now = this.clock.now();
      if (key) {
        const claimed = await this.repo.claim(auth.userId, key);
        if (!claimed.first && claimed.response) {
          // The same request again: the caller must still be allowed to see the contract.
          await this.load(auth, id, action);
          return claimed.response as T;
        }
      }
      const row = await this.load(auth, id, action, true);
      const result = await work(row, today, now);
      const { response, after } = result && typeof result === 'object' && 'response' in result ? (result as { response: T; after?: () => void }) : { response: result as T, after: undefined };
      if (key) await this.repo.remember(auth.userId, key, response);
      if (after) this.unitOfWork.afterCommit(after);
      return response;
    });
  }

  private async answer(auth: AuthContext, contractId: string, message: string, today: string): Promise<ContractActionResponse> {
    const row = (await this.repo.findById(contractId))!;
    const [contract] = await this.dtos(auth, [row], today);
    return { success: true, message, contract: contract! };
  }

  /** Answers for rows: their items and the partners' managers in two queries. */
  private async dtos(auth: AuthContext, rows: ContractRecord[], today: string): Promise<ContractDto[]> {
    const items = await this.repo.items(rows.map((r) => r.id));
    const managers = await this.repo.managerNames({
      homes: [...new Set(rows.flatMap((r) => (r.homeId ? [r.homeId] : [])))],
      doctors: [...new Set(rows.flatMap((r) => (r.doctorId ? [r.doctorId] : [])))],
    });
    return rows.map((row) =>
      contractDto(
        auth,
        row,
        items.filter((i) => i.contractId === row.id),
        managers.filter((m) => (row.homeId && m.home === row.homeId) || (row.doctorId && m.doctor === row.doctorId)).map((m) => m.name),
        today,
      ),
    );
  }
}

/** A home's company (its operator), else the partner's name. */
function companyOf(partner: { name: string; company?: string }): string {
  return partner.company || partner.name;
}

/** `{contractId}_{debtorId}` → its parts; null for anything else (answered 404). */
export function parseContractId(id: string): { contractNo: number; debtorId: string } | null {
  const match = CONTRACT_ID_PATTERN.exec(id);
  return match ? { contractNo: Number(match[1]), debtorId: match[2]! } : null;
}

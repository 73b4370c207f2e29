import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { ContractActionResponse, ContractAdoptionResponse, ContractDto, ContractListResponse, ShopProductDto } from '@mediport/contracts/shop';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { contractListQueryPipe, type ContractListQuery } from './dto/contract-list-query.js';
import { ContractAdoptionDto, ContractUpdateDto } from './dto/contract-update.dto.js';
import { ContractsService } from './contracts.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OWNER_MESSAGE = 'Bitte geben Sie eine Einrichtung oder einen Arzt an.';

const CONTRACT = { subject: 'Contract', params: ['id'] } as const;

/** Contracts (/api/contracts). Every contract goes through the Contract policy; the state machine is the service's. */
@Controller('contracts')
export class ContractsController {
  constructor(private readonly contracts: ContractsService) {}

  /** The caller's contracts with the products they may book (`possibleOptions`). */
  @Get()
  @RequirePermission('contract_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(contractListQueryPipe) query: ContractListQuery): Promise<ContractListResponse> {
    return this.contracts.list(auth, query);
  }

  /** GET /api/contracts/find?home={id}: the home's contract (the one in force first); 404 without one. */
  @Get('find')
  @RequirePermission('contract_list_view')
  find(@CurrentAuth() auth: AuthContext, @Query('home') home?: string): Promise<ContractDto> {
    if (typeof home !== 'string' || !UUID.test(home)) throw AppError.badRequest([{ path: 'home', code: 'invalid', message: OWNER_MESSAGE }]);
    return this.contracts.findForHome(auth, home);
  }

  /**
   * GET /api/contracts/has?home={id} or ?doctor={id}: whether a contract unlocks the home's or
   * doctor's users. Asked by the user form (chargeable flag) and the contracts tab.
   */
  @Get('has')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @RequirePermission('user_create_view', 'user-edit-btn', 'contract_list_view')
  has(@CurrentAuth() auth: AuthContext, @Query('home') home?: string, @Query('doctor') doctor?: string): Promise<boolean> {
    const id = home ?? doctor;
    if (typeof id !== 'string' || (home && doctor) || !UUID.test(id)) {
      throw AppError.badRequest([{ path: home ? 'home' : 'doctor', code: 'invalid', message: OWNER_MESSAGE }]);
    }
    return this.contracts.has(auth, home ? { home } : { doctor: doctor! });
  }

  @RecordRoute({ ...CONTRACT, action: 'read' })
  @Get(':id')
  @RequirePermission('contract_list_view')
  get(@CurrentAuth() auth: AuthContext, @Param('id') id: string): Promise<ContractDto> {
    return this.contracts.get(auth, id);
  }

  /** Options (book / cancel / revoke), runtime_change, revert_contract, cancel_contract or change {contract: 'canceled'}. */
  @RecordRoute({ ...CONTRACT, action: 'update' })
  @Put(':id')
  @RequirePermission('contract_edit_view')
  update(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() dto: ContractUpdateDto): Promise<ContractActionResponse> {
    return this.contracts.update(auth, id, dto);
  }

  /** Ask for the cost takeover ('Vertrag übernehmen'), or (the pharmacy) ask the partner to take the costs over. */
  @RecordRoute({ ...CONTRACT, action: 'adopt' })
  @Post(':id/adoption')
  @HttpCode(200)
  @RequirePermission('contract_adoption_view')
  requestAdoption(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() dto: ContractAdoptionDto): Promise<ContractAdoptionResponse> {
    return this.contracts.requestAdoption(auth, id, dto.idempotencyKey);
  }

  @RecordRoute({ ...CONTRACT, action: 'adopt' })
  @Put(':id/adoption/accept')
  @RequirePermission('contract_adoption_view')
  accept(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() dto: ContractAdoptionDto): Promise<ContractActionResponse> {
    return this.contracts.acceptAdoption(auth, id, dto.idempotencyKey);
  }

  @RecordRoute({ ...CONTRACT, action: 'adopt' })
  @Put(':id/adoption/reject')
  @RequirePermission('contract_adoption_view')
  reject(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() dto: ContractAdoptionDto): Promise<ContractActionResponse> {
    return this.contracts.rejectAdoption(auth, id, dto.idempotencyKey);
  }

  @RecordRoute({ ...CONTRACT, action: 'adopt' })
  @Post(':id/adoption/withdraw')
  @HttpCode(200)
  @RequirePermission('contract_adoption_view')
  withdraw(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Body() dto: ContractAdoptionDto): Promise<ContractActionResponse> {
    return this.contracts.withdrawAdoption(auth, id, dto.idempotencyKey);
  }
}

/** The shop's products (/api/products/office: pharmacy and care homes; /api/products/doctor: practices). */
@Controller('products')
export class ProductsController {
  constructor(private readonly contracts: ContractsService) {}

  @Get('office')
  @RequirePermission('contract_list_view')
  office(): Promise<ShopProductDto[]> {
    return this.contracts.products('office');
  }

  @Get('doctor')
  @RequirePermission('contract_list_view')
  doctor(): Promise<ShopProductDto[]> {
    return this.contracts.products('doctor');
  }
}

import {
  BadRequestException,
  Body,
  type CallHandler,
  Controller,
  type ExecutionContext,
  HttpCode,
  Injectable,
  type NestInterceptor,
  Param,
  ParseUUIDPipe,
  PayloadTooLargeException,
  Post,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { type TaskDto, type TaskEventDto } from '@mediport/contracts';
import { DELIVERY_SIGNATURE_MAX_BYTES, DELIVERY_MESSAGES } from '@mediport/contracts/delivery';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { type AuthedRequest, CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { NotARecord, RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { taskPolicy } from '../../core/permissions/policies/index.js';
import { TaskDeliveryDto, TaskIncidentDto } from './dto/task-delivery.dto.js';
import { isId } from './dto/task-write.dto.js';
import { type SignatureUpload, TaskPickupService } from './task-pickup.service.js';
import { TasksRepository } from './tasks.repository.js';
import { taskSubject } from './tasks.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/**
 * The signature of a delivery proof: one file "signature", at most 1 MB. The task is checked first
 * (404 not visible, 403 not the caller's to deliver), before a byte of the upload is read or a
 * field is validated.
 */
@Injectable()
class SignatureUploadInterceptor implements NestInterceptor {
  private readonly multer = new (FileInterceptor('signature', { limits: { fileSize: DELIVERY_SIGNATURE_MAX_BYTES + 1, files: 1 } }))();

  constructor(private readonly tasks: TasksRepository) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<AuthedRequest & { params: Record<string, string | undefined> }>();
    const id = req.params.id ?? '';
    const task = req.auth && isId(id) ? await this.tasks.findById(id) : null;
    if (!req.auth) throw AppError.notFound();
    taskPolicy.assert(req.auth, 'prove', task ? taskSubject(task) : null);
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new AppError(413, [{ path: 'signature', code: 'too_large', message: DELIVERY_MESSAGES.signatureSize }]);
      if (error instanceof BadRequestException) throw AppError.badRequest([{ path: 'signature', code: 'invalid', message: DELIVERY_MESSAGES.signatureRequired }]);
      throw error;
    }
  }
}

/** The drivers' side of orders: the pickup sheet, the proof of a delivery, problems on the way. */
@Controller('tasks')
export class TaskPickupController {
  constructor(private readonly pickup: TaskPickupService) {}

  /** `{tasks: [ids]}`: the new orders go to the drivers; the answer is their pickup sheet (PDF). */
  @NotARecord('Task ids in the body: each is checked against the Task policy in the service, all or nothing (tested in task-pickup.e2e-spec).')
  @Post('pickup')
  @HttpCode(200)
  @RequirePermission('pickup_create_view')
  async sheet(@CurrentAuth() auth: AuthContext, @Body() body: unknown, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const { pdf, fileName } = await this.pickup.pickupSheet(auth, body);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="${fileName}"`, length: pdf.length });
  }

  /** Multipart: recipient, latitude, longitude, accuracy and the file "signature" (PNG); finishes the task. */
  @RecordRoute({ subject: 'Task', params: ['id'], action: 'prove' })
  @Post(':id/delivery')
  @HttpCode(200)
  @RequirePermission('pickup_task_solve_view')
  @UseInterceptors(SignatureUploadInterceptor)
  deliver(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: TaskDeliveryDto, @UploadedFile() signature?: SignatureUpload): Promise<TaskDto> {
    return this.pickup.proveDelivery(auth, id, dto, signature);
  }

  /** `{reason, text}`: a problem on the way, in the task's feed. */
  @RecordRoute({ subject: 'Task', params: ['id'], action: 'report' })
  @Post(':id/incidents')
  @RequirePermission('pickup_list_view')
  report(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: TaskIncidentDto): Promise<TaskEventDto> {
    return this.pickup.reportIncident(auth, id, dto);
  }
}

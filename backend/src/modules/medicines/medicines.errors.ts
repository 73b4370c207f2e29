import { AppError } from '../../core/errors/app-error.js';

export const medicineNotFound = () => AppError.notFound();

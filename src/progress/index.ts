export { openProgress, bestScoresOf, type ProgressStore, type BestScore, type OpenProgressOptions } from './store.js';
export { progressFilePath, PROGRESS_FILE_NAME } from './paths.js';
export { emptyProgress, PROGRESS_VERSION, type AttemptRecord, type LeitnerRecord, type ProgressData, type QuizResultRecord } from './schema.js';
export { migrateProgress, type MigrateProblem } from './migrate.js';

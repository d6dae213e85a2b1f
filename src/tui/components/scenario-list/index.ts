export { ScenarioList, LAST_MARK, type ScenarioListProps } from './scenario-list.js';

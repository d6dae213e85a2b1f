export { ScenarioList, type ScenarioListProps } from './scenario-list.js';
export { useScenarioList, type UseScenarioListOptions } from './use-scenario-list.js';
export {
  scenarioListReducer,
  useScenarioListState,
  type ScenarioListState,
  type ScenarioListAction,
} from './use-scenario-list-state.js';

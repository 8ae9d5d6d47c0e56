import type {
  AssetErrorDto,
  AssetStatusDto,
  PlantCurrentStatusDto,
  PlantTreeDto,
  ValveAssetDto,
  ValveAssetType,
} from '@plantlens/contracts';

export interface AlarmCounters {
  byType: Record<ValveAssetType, number>;
  total: number;
}

const alarmsOf = (statuses: readonly AssetStatusDto[]) =>
  statuses.reduce((sum, { assetErrors }) => sum + assetErrors.length, 0);

// The header counters of spec part 2 §2: alarms of drum A's gates, lift plugs and switches, and in all.
export function alarmCounters(status: PlantCurrentStatusDto | undefined): AlarmCounters {
  const drum = status?.cokeDrumAStatus;
  const byType: Record<ValveAssetType, number> = {
    Gate: alarmsOf(drum?.gateStatuses ?? []),
    Plug: alarmsOf(drum?.liftStatuses ?? []),
    'Switch plug': alarmsOf(drum?.switchStatuses ?? []),
  };
  return { byType, total: byType.Gate + byType.Plug + byType['Switch plug'] };
}

// Every error of each asset, in the server's order (its first is the one the review opens).
export function errorsByAsset(status: PlantCurrentStatusDto | undefined): Map<string, AssetErrorDto[]> {
  const drum = status?.cokeDrumAStatus;
  const all = [...(drum?.gateStatuses ?? []), ...(drum?.liftStatuses ?? []), ...(drum?.switchStatuses ?? [])];
  return new Map(all.map(({ assetName, assetErrors }) => [assetName, assetErrors]));
}

export interface StatusTreeNode {
  key: string;
  label: string;
  alarms: number;
  /** set on the leaves only */
  asset?: ValveAssetDto;
  children?: StatusTreeNode[];
}

// Coke drums → asset types → assets, each with its alarm count (spec §2).
export function statusTree(tree: PlantTreeDto, errors: Map<string, AssetErrorDto[]>): StatusTreeNode[] {
  const sum = (nodes: StatusTreeNode[]) => nodes.reduce((total, { alarms }) => total + alarms, 0);
  return tree.map((drum) => {
    const types = drum.children.map((type): StatusTreeNode => {
      const assets = type.children.map((asset): StatusTreeNode => ({
        key: asset.id,
        label: asset.label,
        alarms: errors.get(asset.id)?.length ?? 0,
        asset,
      }));
      return { key: `${drum.id}/${type.type}`, label: type.label, alarms: sum(assets), children: assets };
    });
    return { key: drum.id, label: drum.label, alarms: sum(types), children: types };
  });
}

export function findAsset(tree: PlantTreeDto | undefined, id: string | undefined): ValveAssetDto | undefined {
  return tree
    ?.flatMap((drum) => drum.children.flatMap((type) => type.children))
    .find((asset) => asset.id === id);
}

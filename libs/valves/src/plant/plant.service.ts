import { Injectable, NotFoundException } from '@nestjs/common';
import {
  VALVE_ASSET_TYPES,
  ValveMessages,
  type CokeDrumNodeDto,
  type PlantTreeDto,
  type ValveAssetDto,
  type ValveAssetUpdateDto,
} from '@plantlens/contracts';
import { AssetRepository, type AssetRow } from './asset.repository';

// The plant model of the valve screens, and the 404 every call about one valve shares.
@Injectable()
export class PlantService {
  constructor(private readonly assets: AssetRepository) {}

  /** Coke drums → asset types → assets, in plant order; a type without valves is left out. */
  async tree(): Promise<PlantTreeDto> {
    const drums = new Map<string, AssetRow[]>();
    for (const asset of await this.assets.list()) {
      drums.set(asset.cokeDrum, [...(drums.get(asset.cokeDrum) ?? []), asset]);
    }
    return [...drums].map(([drum, assets]): CokeDrumNodeDto => ({
      id: drum,
      label: cokeDrumLabel(drum),
      children: VALVE_ASSET_TYPES.map((type) => ({
        type,
        label: type,
        children: assets.filter((asset) => asset.type === type).map(toDto),
      })).filter((node) => node.children.length > 0),
    }));
  }

  async update(id: string, fields: ValveAssetUpdateDto): Promise<ValveAssetDto> {
    if (!(await this.assets.update(id, fields))) throw unknownAsset();
    const [asset] = await this.assets.list(id);
    if (!asset) throw unknownAsset();
    return toDto(asset);
  }

  /** Throws the 404 of an unknown valve. */
  async requireAsset(id: string): Promise<void> {
    if (!(await this.assets.exists(id))) throw unknownAsset();
  }
}

function unknownAsset(): NotFoundException {
  return new NotFoundException(ValveMessages.unknownAsset);
}

function toDto({ cokeDrum: _drum, ...asset }: AssetRow): ValveAssetDto {
  return asset;
}

// cokeDrumA → Coke Drum A
function cokeDrumLabel(id: string): string {
  const words = id.replace(/([A-Z])/g, ' $1');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

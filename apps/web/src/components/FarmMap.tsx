import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type MapPoint = { id: string; lat: number; lng: number; label: string };
/** GeoJSON ring order: [longitude, latitude]. */
export type MapPolygon = { id: string; ring: [number, number][]; label: string };

interface FarmMapProps {
  points: MapPoint[];
  polygons?: MapPolygon[];
  height?: number;
  /** Clicking the map reports the point (to fill a form's latitude and longitude). */
  onPick?: (point: { lat: number; lng: number }) => void;
  testId?: string;
}

const TANZANIA_CENTRE: L.LatLngTuple = [-6.4, 35.0];

/**
 * Farms and societies on a map. Points are circle markers drawn by Leaflet itself and the
 * container has a plain background, so the points still show when map tiles cannot load
 * (offline, or no internet at a society's office): the tiles are only a backdrop.
 */
export function FarmMap({ points, polygons = [], height = 360, onPick, testId }: FarmMapProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { attributionControl: true }).setView(TANZANIA_CENTRE, 6);
    const tiles = L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 18,
      attribution: '© OpenStreetMap',
    });
    tiles.on('tileerror', () => setTilesFailed(true));
    tiles.addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) =>
      pick.current?.({ lat: Number(event.latlng.lat.toFixed(6)), lng: Number(event.latlng.lng.toFixed(6)) }),
    );
    layer.current = L.layerGroup().addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    const bounds: L.LatLngTuple[] = [];
    for (const polygon of polygons) {
      const latLngs = polygon.ring.map(([lng, lat]) => [lat, lng] as L.LatLngTuple);
      L.polygon(latLngs, { color: '#2f9e44', weight: 2, fillOpacity: 0.2 })
        .bindTooltip(polygon.label)
        .addTo(group);
      bounds.push(...latLngs);
    }
    for (const point of points) {
      L.circleMarker([point.lat, point.lng], {
        radius: 7,
        color: '#1864ab',
        weight: 2,
        fillColor: '#339af0',
        fillOpacity: 0.9,
      })
        .bindTooltip(point.label)
        .addTo(group);
      bounds.push([point.lat, point.lng]);
    }
    if (bounds.length === 1 && bounds[0]) instance.setView(bounds[0], 13);
    else if (bounds.length > 1) instance.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 });
  }, [points, polygons]);

  return (
    <Box>
      <Box
        ref={element}
        h={height}
        data-testid={testId ?? 'farm-map'}
        data-points={points.length}
        style={{ borderRadius: 8, background: 'var(--mantine-color-default-hover)', zIndex: 0 }}
      />
      {tilesFailed && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('map.offline')}
        </Text>
      )}
      {points.length === 0 && polygons.length === 0 && (
        <Text size="sm" c="dimmed" mt={4}>
          {t('map.empty')}
        </Text>
      )}
    </Box>
  );
}

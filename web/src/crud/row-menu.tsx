import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { Permission } from '@app/domain';
import { useState } from 'react';

export interface RowMenuItem {
  label: string;
  onClick: () => void;
  /** A heading shown above the first item of a run with this section ('Cambiar Estado'). */
  section?: string;
  /**
   * What the item needs (decisions §roles). In a CRUD page's menu the resource's write permission
   * when left out: an item that only reads ('Ver Servicios') says so with the read one.
   */
  access?: Permission;
}

export interface RowMenuProps {
  items: RowMenuItem[];
  /** Names the row for screen readers: 'Acciones de JUAN PÉREZ'. */
  label: string;
}

/** The three-dot menu of a row; none at all when it would have no items. */
export function RowMenu({ items, label }: RowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (items.length === 0) return null;
  return (
    <>
      <IconButton aria-label={label} size="small" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.flatMap((item, index) => [
          ...(item.section && item.section !== items[index - 1]?.section
            ? [<ListSubheader key={`section:${item.section}`}>{item.section}</ListSubheader>]
            : []),
          <MenuItem
            key={item.label}
            onClick={() => {
              setAnchor(null);
              item.onClick();
            }}
          >
            {item.label}
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
}

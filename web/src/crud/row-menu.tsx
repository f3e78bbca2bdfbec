import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';

export interface RowMenuItem {
  label: string;
  onClick: () => void;
  /** A heading shown above the first item of a run with this section ('Cambiar Estado'). */
  section?: string;
}

export interface RowMenuProps {
  items: RowMenuItem[];
  /** Names the row for screen readers: 'Acciones de JUAN PÉREZ'. */
  label: string;
}

/** The three-dot menu of a row. */
export function RowMenu({ items, label }: RowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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

"""A seat a bot took over (its player resigned), and the creator's token of a table (to
delete it).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("took_over", sa.String(16), nullable=True))
        batch.add_column(sa.Column("took_over_at", sa.Integer(), nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator_token_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator_token_hash")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("took_over_at")
        batch.drop_column("took_over")

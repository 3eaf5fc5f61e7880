SEQUENCE: 
SCORE: total_score dslf_ca_dih dslf_cs_ang dslf_ss_dih dslf_ss_dst      fa_atr      fa_dun fa_intra_rep      fa_pair       fa_rep       fa_sol hbond_bb_sc hbond_lr_bb    hbond_sc hbond_sr_bb       omega     p_aa_pp pro_close      rama       ref res_type_constraint description 
SCORE:     -30.374       0.000       0.000       0.000       0.000     -50.077       9.481        0.080       -0.616        5.933       22.785      -0.975      -0.538       0.000      -4.873       1.793      -4.166     1.918    -1.104    -6.766              -3.250 1l2y_0001

typedef int ap_rt_placeholder;
